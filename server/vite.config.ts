import { defineConfig } from 'vite';

// The signaling server's own build: Node, no app plugins (prerender, PWA), dependencies left external.
// Two entries: the standalone server, and the factory `vite preview` loads to serve it beside the app.
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: { index: 'server/index.ts', 'create-server': 'server/create-server.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
});
