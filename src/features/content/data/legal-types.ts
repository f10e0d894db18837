export interface LegalSection {
  readonly title: string;
  readonly items: readonly string[];
}

export interface LegalCard {
  readonly title: string;
  readonly text: string;
}

/** A policy page: a summary, detail cards, sections of bullet lists and a contact line. */
export interface LegalDocument {
  readonly title: string;
  readonly intro: string;
  readonly lastUpdated: string;
  readonly cards: readonly LegalCard[];
  readonly sections: readonly LegalSection[];
  readonly contact: string;
}
