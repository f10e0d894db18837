import { GUIDES } from '../../catalog';
import type { GuideBody, GuideRecord } from '../../content-types';
import { createTutorialVideos } from './create-tutorial-videos';
import { recordGameplay } from './record-gameplay';
import { recordGoogleMeet } from './record-google-meet';
import { recordPowerpointPresentation } from './record-powerpoint-presentation';
import { recordScreenWithWebcam } from './record-screen-with-webcam';
import { recordWithoutWatermark } from './record-without-watermark';
import { recordZoomMeeting } from './record-zoom-meeting';

/** Each guide's body, by the slug its catalog entry uses. */
export const GUIDE_BODIES: Readonly<Record<string, GuideBody>> = {
  'record-screen-with-webcam': recordScreenWithWebcam,
  'record-zoom-meeting': recordZoomMeeting,
  'record-powerpoint-presentation': recordPowerpointPresentation,
  'record-google-meet': recordGoogleMeet,
  'record-gameplay': recordGameplay,
  'create-tutorial-videos': createTutorialVideos,
  'record-without-watermark': recordWithoutWatermark,
};

/** The full record: the catalog entry (what the head needs) joined with its body. */
export function findGuide(slug: string): GuideRecord | undefined {
  const entry = GUIDES.find((e) => e.slug === slug);
  const body = GUIDE_BODIES[slug];
  return entry && body ? { ...entry, ...body } : undefined;
}
