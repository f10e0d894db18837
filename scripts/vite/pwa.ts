/**
 * The offline-first PWA: the web app manifest and a generated (Workbox) service worker that
 * precaches the app shell, every prerendered page, every chunk and worker script, and the icons.
 */
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * Precache each route under its own address ("about", not "about/index.html"), so a navigation to
 * /about is answered from the cache. The room template and the not-found page keep their file
 * names: the worker serves them as fallbacks.
 */
export const routeAddresses: ManifestTransform = (entries) => ({
  manifest: entries.map((entry) => {
    const route = /^(.+)\/index\.html$/.exec(entry.url)?.[1];
    return route && route !== 'room' ? { ...entry, url: route } : entry;
  }),
  warnings: [],
});

export function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // The app registers the worker itself with workbox-window (src/features/pwa/service-worker.ts).
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Framecast: Screen and Webcam Recorder',
      short_name: 'Framecast',
      description: 'Record your screen, webcam and audio in the browser. Free, private, and it works offline: nothing is uploaded.',
      start_url: '/studio',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#1864ab',
      background_color: '#ffffff',
      categories: ['productivity', 'utilities', 'education'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,txt,xml}'],
      // The share image is for link previews, not for using the app; sourcemaps and the build manifest are for tools.
      globIgnores: ['og-image.png', '**/*.map', '.vite/**'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [routeAddresses],
      // /studio?mode=webcam-only is the /studio page.
      ignoreURLParametersMatching: [/.*/],
      cleanupOutdatedCaches: true,
      // Keeps the previous version's code for tabs still running it, offline (public/sw-keep-previous.js).
      importScripts: ['/sw-keep-previous.js'],
      // The first install takes over the open tab at once, so it works offline from the first visit.
      // Updates still wait for the user (skipWaiting only through the Reload button).
      clientsClaim: true,
      // Rooms and unknown addresses ask the network first (a real 404 status online) and fall back
      // to the precached room template or not-found page offline.
      navigateFallback: null,
      runtimeCaching: [
        {
          // Only code the current version does not precache gets here: the previous version's, kept aside
          // at install for the tabs still running it.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'framecast-previous-assets' },
        },
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/room\/[^/]+\/?$/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/room/index.html' } },
        },
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/404.html' } },
        },
      ],
    },
  });
}
