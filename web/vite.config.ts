import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside each built asset, which the server sends (@fastify/static's
 * preCompressed) to browsers that accept them: compressed once at build, never per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    closeBundle() {
      const dir = fileURLToPath(new URL('./dist/assets', import.meta.url));
      for (const name of readdirSync(dir).filter((n) => /\.(js|css|svg)$/.test(n))) {
        const bytes = readFileSync(join(dir, name));
        writeFileSync(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** The study app: built into web/dist (ignored by git), which the server serves at its origin. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [precompress()],
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
