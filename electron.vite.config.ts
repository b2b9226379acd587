import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      // The same bundle runs inside Electron (Node 24) and under plain Node 20 (`dubdesk serve`).
      target: 'node20',
      outDir: resolve(root, 'out/main'),
      // package.json dependencies stay external: native modules (better-sqlite3, onnxruntime-node,
      // @ffmpeg-installer/*) must load from node_modules, never from a bundle.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          cli: resolve(root, 'src/cli/bin.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      externalizeDeps: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module; .cjs keeps it CommonJS under "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Served over HTTP in web mode too, so ship it small.
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
