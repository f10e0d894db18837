export interface LegalSection {
  readonly title: string;
  readonly items: readonly string[];
}

export interface LegalCard {
  readonly title: string;
  readonly text: string;
}

/**
 * The policy page's contact block. Its heading fits with or without a contact address; the text
 * says what to write about when the build has an address, or where the answers are when it has none.
 */
export interface LegalContact {
  readonly title: string;
  /** Shown above the publisher's address (VITE_CONTACT_EMAIL). */
  readonly withAddress: string;
  /** Shown, with a link to the Help Center, when no address is configured. */
  readonly withoutAddress: string;
}

/** A policy page: a summary, detail cards, sections of bullet lists and a contact block. */
export interface LegalDocument {
  readonly title: string;
  readonly intro: string;
  readonly lastUpdated: string;
  readonly cards: readonly LegalCard[];
  readonly sections: readonly LegalSection[];
  readonly contact: LegalContact;
}
