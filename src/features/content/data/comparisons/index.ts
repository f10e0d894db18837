import { COMPARISONS } from '../../catalog';
import type { ComparisonBody, ComparisonRecord } from '../../content-types';
import { camtasia } from './camtasia';
import { loom } from './loom';
import { obsStudio } from './obs-studio';
import { screencastOMatic } from './screencast-o-matic';

/** Each comparison page's body, by the slug its catalog entry uses. */
export const COMPARISON_BODIES: Readonly<Record<string, ComparisonBody>> = {
  loom,
  'obs-studio': obsStudio,
  camtasia,
  'screencast-o-matic': screencastOMatic,
};

/** The full record: the catalog entry (what the head needs) joined with its body. */
export function findComparison(slug: string): ComparisonRecord | undefined {
  const entry = COMPARISONS.find((e) => e.slug === slug);
  const body = COMPARISON_BODIES[slug];
  return entry && body ? { ...entry, ...body } : undefined;
}
