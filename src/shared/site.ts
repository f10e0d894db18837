import type { SiteInfo } from './metadata/page-meta';

export const PRODUCT_NAME = 'Framecast';

// import.meta.env exists only under Vite; the prerenderer and Node-side tests import this too.
const env = (import.meta as { env?: { VITE_SITE_URL?: string; VITE_CONTACT_EMAIL?: string } }).env ?? {};

/** Where the site is published; canonical and share-image addresses are built from it. */
export const SITE: SiteInfo = {
  name: PRODUCT_NAME,
  url: (env.VITE_SITE_URL ?? 'https://framecast.app').replace(/\/$/, ''),
  defaultImage: '/og-image.png',
  imageWidth: 1200,
  imageHeight: 630,
};

/**
 * Where people write to the publisher (help, privacy and terms pages). Set per deployment with
 * VITE_CONTACT_EMAIL; without one the pages point to the help resources instead of inventing an inbox.
 */
export const SITE_CONTACT_EMAIL: string | undefined = env.VITE_CONTACT_EMAIL?.trim() || undefined;
