#!/usr/bin/env node
// `npm start`: the server as compiled JavaScript, run in this very process (no npm, tsx or shell
// between a signal and the server), bundled into one module (bin/bundle.js). It is built by `npm ci`
// (the prepare script); when it is missing or older than the sources, it is rebuilt here first.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { BUNDLED_MAIN, ROOT, compiledIsCurrent } from './compiled.js';

if (!compiledIsCurrent()) {
  process.stdout.write('Compiling the server (dist/ is missing or older than src/)...\n');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  const { bundleServer } = await import('./bundle.js');
  bundleServer();
}
// The server is the CLI's `serve` command; arguments after `npm start --` are its options (--ticks).
process.argv.splice(2, 0, 'serve');
await import(pathToFileURL(BUNDLED_MAIN).href);
