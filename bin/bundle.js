// Bundles the compiled server (dist/, from tsc) and its dependencies into one ES module,
// dist/bundle/main.js, which `npm start` and the CLI run. Node 20 loads an ES module graph file by
// file (resolve, read, compile, link each): for the server's ~400 modules and ~1,100 dependency files
// that was most of a start, typebox alone 300-400 ms of CPU for its hundreds of small files against
// 12 ms bundled (bench/README.md, Issue 16, fourth pass; docs/decisions.md, "One bundled file").
import { buildSync } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { BUNDLED_MAIN, ROOT } from './compiled.js';

/**
 * Left as runtime imports: native addons (better-sqlite3; pg's optional pg-native), and packages
 * that read their own files next to their code (swagger-ui's page assets).
 */
const EXTERNAL = ['better-sqlite3', 'pg-native', '@fastify/swagger-ui'];

// CommonJS dependencies inside an ES module bundle still ask for require, __filename and __dirname.
const COMMONJS_GLOBALS = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "import { fileURLToPath as __bundlePath } from 'node:url';",
  "import { dirname as __bundleDir } from 'node:path';",
  'const require = __bundleRequire(import.meta.url);',
  'const __filename = __bundlePath(import.meta.url);',
  'const __dirname = __bundleDir(__filename);',
].join('\n');

export function bundleServer() {
  buildSync({
    entryPoints: [join(ROOT, 'dist', 'main.js')],
    outfile: BUNDLED_MAIN,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: COMMONJS_GLOBALS },
    // Stack traces under --enable-source-maps still name the TypeScript sources (through tsc's maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) bundleServer();
