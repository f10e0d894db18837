import { AUDIENCES } from '../../catalog';
import type { AudienceBody, AudienceRecord } from '../../content-types';
import { businessPresentations } from './business-presentations';
import { customerSupport } from './customer-support';
import { gaming } from './gaming';
import { softwareTutorials } from './software-tutorials';
import { teachers } from './teachers';
import { youtubeContentCreators } from './youtube-content-creators';

/** Each audience page's body, by the slug its catalog entry uses. */
export const AUDIENCE_BODIES: Readonly<Record<string, AudienceBody>> = {
  teachers,
  gaming,
  'business-presentations': businessPresentations,
  'software-tutorials': softwareTutorials,
  'youtube-content-creators': youtubeContentCreators,
  'customer-support': customerSupport,
};

/** The full record: the catalog entry (what the head needs) joined with its body. */
export function findAudience(slug: string): AudienceRecord | undefined {
  const entry = AUDIENCES.find((e) => e.slug === slug);
  const body = AUDIENCE_BODIES[slug];
  return entry && body ? { ...entry, ...body } : undefined;
}
