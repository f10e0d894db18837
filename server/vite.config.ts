import { defineConfig } from 'vite';

// The signaling server's own build: Node, no app plugins (prerender, PWA), dependencies left external.
export default defineConfig({
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
});
