import { parseArgs } from 'node:util';
import { ConfigError } from '../config/index.js';
import {
  contentImportCommand,
  contentStatsCommand,
  migrateCommand,
  tokensListCommand,
  tokensMintCommand,
  tokensRevokeCommand,
  usersAddCommand,
} from './commands.js';
import { UsageError, type Io } from './context.js';
import { loginLinkCommand } from './login-link.js';
import { serveCommand } from './serve.js';
import { NUDGE_TICK_HOUR_UTC } from '../jobs/ticks.js';

export const USAGE = `Usage: study-service <command>

Commands:
  serve [--ticks]                         Start the HTTP server (what npm start runs); --ticks (or
                                          RUN_TICKS=true) also runs the push tick hourly and the
                                          nudge tick daily at ${NUDGE_TICK_HOUR_UTC}:00 UTC, in process
  migrate                                 Apply pending schema migrations
  users add <username> [--email E] [--timezone Z]
                                          Create a learner; prints its UUID
  tokens mint <username> [--expires-at ISO8601] [--label L]
                                          Mint an API token; prints it once
  tokens list <username>                  List a user's tokens (never the tokens themselves)
  tokens revoke <token-id>                Revoke a token
  login-link <username>                   Print a one-time sign-in link to the web app (works once,
                                          for 15 minutes)
  content import <path>                   Load subjects (collection JSON, a folder, or JSONL; .gz allowed)
  content stats                           Count subjects per type and level
  --help                                  Show this help

Configuration comes from the environment (DATABASE_URL, HOST, PORT, PUBLIC_BASE_URL, ...); see README.md.`;

function parse(args: string[], options: Record<string, { type: 'string' }> = {}, positionals: number) {
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  if (parsed.positionals.length !== positionals) throw new UsageError(`expected ${positionals} argument(s)`);
  return { values: parsed.values as Record<string, string | undefined>, positionals: parsed.positionals as string[] };
}

async function dispatch(io: Io, argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  const at = (list: string[], i: number) => list[i] as string;
  switch (command) {
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io.out(USAGE);
      return 0;
    case 'serve': {
      const { values } = parseArgs({ args: argv.slice(1), options: { ticks: { type: 'boolean' } }, strict: true });
      return serveCommand(io, { ticks: values.ticks === true });
    }
    case 'migrate':
      parse(argv.slice(1), {}, 0);
      return migrateCommand(io);
    case 'users': {
      if (sub !== 'add') break;
      const { values, positionals } = parse(rest, { email: { type: 'string' }, timezone: { type: 'string' } }, 1);
      return usersAddCommand(io, at(positionals, 0), values.email, values.timezone);
    }
    case 'tokens': {
      if (sub === 'mint') {
        const { values, positionals } = parse(rest, { 'expires-at': { type: 'string' }, label: { type: 'string' } }, 1);
        return tokensMintCommand(io, at(positionals, 0), values['expires-at'], values.label);
      }
      if (sub === 'list') return tokensListCommand(io, at(parse(rest, {}, 1).positionals, 0));
      if (sub === 'revoke') return tokensRevokeCommand(io, at(parse(rest, {}, 1).positionals, 0));
      break;
    }
    case 'login-link':
      return loginLinkCommand(io, at(parse(argv.slice(1), {}, 1).positionals, 0));
    case 'content': {
      if (sub === 'import') return contentImportCommand(io, at(parse(rest, {}, 1).positionals, 0));
      if (sub === 'stats') {
        parse(rest, {}, 0);
        return contentStatsCommand(io);
      }
      break;
    }
  }
  throw new UsageError(`unknown command: ${argv.join(' ')}`);
}

/** Runs one command; returns the process exit code (2 for usage mistakes, 1 for failures). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    return await dispatch(io, argv);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`study-service: ${error.message}`);
      io.err(USAGE);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`Configuration error: ${error.message}`);
      return 1;
    }
    io.err(`study-service: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
