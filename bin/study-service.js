#!/usr/bin/env node
// The administration CLI: the compiled server when it is current with the sources, else the
// TypeScript sources through tsx (a development checkout between builds).
import { pathToFileURL } from 'node:url';
import { BUNDLED_MAIN, compiledIsCurrent } from './compiled.js';

if (compiledIsCurrent()) {
  await import(pathToFileURL(BUNDLED_MAIN).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
