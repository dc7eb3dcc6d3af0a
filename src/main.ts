import { runCli } from './cli/index.js';
import { processIo } from './cli/context.js';

/** Process entry of `study-service <command>` (bin/start.js, `npm start`, runs it with `serve`). Nothing imports it. */
process.exitCode = await runCli(process.argv.slice(2), processIo);
