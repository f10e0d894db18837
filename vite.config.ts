import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerender } from './scripts/vite/prerender.ts';
import { pwa } from './scripts/vite/pwa.ts';
import { servePrerendered } from './scripts/vite/serve-prerendered.ts';
import { signaling } from './scripts/vite/signaling.ts';

export default defineConfig({
  plugins: [
    react(),
    // SSR_ENTRY lets a development build (readable hydration errors) use its own SSR bundle.
    prerender({ ssrEntry: process.env.SSR_ENTRY ?? 'dist-ssr/entry-server.js' }),
    servePrerendered(),
    // `npm run serve`: the signaling server on the app's own origin, at /socket.io.
    signaling(),
    // After prerender in the plugin list and in closeBundle order: the worker precaches the pages.
    pwa(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The prerenderer reads it to preload each page's route chunk.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
