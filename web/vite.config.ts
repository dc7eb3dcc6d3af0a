import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The study app: built into web/dist (ignored by git), which the server serves at its origin. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by test/web/bundle-size.test.ts to follow the first page's imports.
    manifest: true,
    // Budget checked by test/browser/bundle-size.test.ts.
    chunkSizeWarningLimit: 150,
  },
});
