/**
 * The typed content records (audience pages, guides, comparisons) and the small shapes the marketing
 * pages share. Each record is the catalog entry (slug, title, description, keywords: what the head
 * needs) plus its body, kept in its own data module so only the page that shows it loads it.
 */
import type { AudienceEntry, ComparisonEntry, GuideEntry } from './catalog';
import type { ContentIconName } from './components/content-icons';

/** A titled piece of copy with an icon: feature cards, benefit tiles, values. */
export interface IconPoint {
  readonly icon: ContentIconName;
  readonly title: string;
  readonly description: string;
}

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

export interface AudienceBody {
  readonly hero: { readonly headline: string; readonly subheadline: string };
  readonly benefits: readonly IconPoint[];
  readonly useCaseDescription: string;
  /** Who the page speaks to, in a sentence. */
  readonly targetAudience: string;
  readonly commonTasks: readonly string[];
  /**
   * Only a real, attributable quote may go here; none is published yet
   * (docs/decisions/0001-only-verifiable-claims.md).
   */
  readonly testimonialQuote?: { readonly text: string; readonly attribution: string };
  readonly faqItems: readonly FaqItem[];
}

export type AudienceRecord = AudienceEntry & AudienceBody;

export interface GuideStep {
  readonly number: number;
  readonly title: string;
  readonly description: string;
  readonly tips?: readonly string[];
}

export interface GuideIssue {
  readonly problem: string;
  readonly solution: string;
}

export interface GuideBody {
  /** What the reader will have at the end, one or two sentences. */
  readonly intro: string;
  readonly steps: readonly GuideStep[];
  readonly commonIssues?: readonly GuideIssue[];
}

export type GuideRecord = GuideEntry & GuideBody;

export type Winner = 'us' | 'them' | 'tie';

export interface ComparisonRow {
  readonly feature: string;
  readonly ours: string;
  readonly theirs: string;
  readonly winner: Winner;
}

export interface ComparisonBody {
  readonly summary: string;
  readonly comparisonTable: readonly ComparisonRow[];
  readonly ourAdvantages: readonly string[];
  readonly theirAdvantages: readonly string[];
  readonly bottomLine: string;
}

export type ComparisonRecord = ComparisonEntry & ComparisonBody;
