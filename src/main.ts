import { runCli } from './cli/index.js';
import { processIo } from './cli/context.js';

/** Process entry: `npm start` runs `serve`; `study-service <command>` runs the rest. Nothing imports it. */
const args = process.argv.slice(2);
const code = await runCli(args.length === 0 ? ['serve'] : args, processIo);
process.exitCode = code;
