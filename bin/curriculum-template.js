#!/usr/bin/env node
// Builds dist/curriculum.sqlite from tsc's output: the database a first start on SQLite copies
// instead of loading the bundled curriculum itself (src/cli/curriculum-template.ts; docs/decisions.md,
// "Prepared first database"). Run by `build:server`, so `npm ci` makes it.
import { buildCurriculumTemplate } from '../dist/cli/build-curriculum-template.js';

await buildCurriculumTemplate();
