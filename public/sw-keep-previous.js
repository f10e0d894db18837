// Imported by the generated service worker (scripts/vite/pwa.ts) before Workbox's own code.
//
// When a new version activates, Workbox deletes the precached files the new version no longer lists:
// the previous version's hashed chunks. Tabs still running that version load some code only when it
// is needed (recovery's repair, the remuxer, the room recorder's worker), and offline they would then
// fail. So while the new version installs, before anything is deleted, the previous version's
// /assets/ files are copied aside; a runtime route serves them to whoever still asks for them.
const PREVIOUS_ASSETS = 'framecast-previous-assets';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const precaches = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
      if (precaches.length === 0) return; // the first install: there is no previous version
      await caches.delete(PREVIOUS_ASSETS);
      const previous = await caches.open(PREVIOUS_ASSETS);
      for (const name of precaches) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const url = new URL(request.url);
          if (!url.pathname.startsWith('/assets/')) continue;
          const response = await cache.match(request);
          if (response) await previous.put(url.origin + url.pathname, response);
        }
      }
    })(),
  );
});
