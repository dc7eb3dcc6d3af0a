import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError } from '../config/index.js';
import {
  contentImportCommand,
  contentStatsCommand,
  migrateCommand,
  tokensListCommand,
  tokensMintCommand,
  tokensRevokeCommand,
  usersAddCommand,
  usersDisableCommand,
  usersEnableCommand,
  usersListCommand,
} from './commands.js';
import { backupCommand, restoreCommand } from './backup.js';
import { UsageError, type Io } from './context.js';
import { loginLinkCommand } from './login-link.js';
import { serveCommand } from './serve.js';
import { NUDGE_TICK_HOUR_UTC } from '../jobs/ticks.js';

/** The package's version (package.json sits two folders up from both src/cli and dist/cli). */
export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What a command's action reports back: its exit code. */
type Run = (code: Promise<number>) => void;

const tokenId = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`token-id must be a number (got "${value}").`);
  return Number(value);
};

/**
 * The command tree (commander: parsing, `--version`, and each command's `--help`). Built afresh for
 * every run because commander keeps parsed values on its command objects.
 */
function program(io: Io, run: Run, output: { out: string; err: string }): Command {
  const root = new Command('study-service')
    .description('Administer a study service: the server, its database, learners and their credentials, content.')
    .version(VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show the help of a command')
    .helpCommand('help [command]', 'show the help of a command')
    .addHelpText(
      'after',
      [
        '',
        'Every command reads the same configuration as the server (DATABASE_URL, HOST, PORT, ...;',
        'see README.md and .env.example) and works while the server runs.',
        "'study-service <command> --help' shows a command's own usage.",
      ].join('\n'),
    )
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => (output.out += text),
      writeErr: (text) => (output.err += text),
      outputError: (text, write) => write(`study-service: ${text.replace(/^error: /, '')}`),
    });
  // Subcommands inherit the output and exit settings when they are created, so these come first.
  root
    .command('serve')
    .description(
      `start the HTTP server (what npm start runs); --ticks (or RUN_TICKS=true) also runs the push tick hourly and the nudge tick daily at ${NUDGE_TICK_HOUR_UTC}:00 UTC, in process`,
    )
    .option('--ticks', 'run the push and nudge ticks in this process')
    .action((options: { ticks?: boolean }) => run(serveCommand(io, { ticks: options.ticks === true })));
  root
    .command('migrate')
    .description('apply pending schema migrations; prints what it applied')
    .action(() => run(migrateCommand(io)));

  const users = root.command('users').description('manage learners: add, list, disable, enable');
  users
    .command('add')
    .description('create a learner; prints its UUID')
    .argument('<username>', '1 to 64 letters, digits, dots, dashes or underscores')
    .option('--email <address>', 'where nudges are mailed')
    .option('--timezone <zone>', 'an IANA zone name, for example Asia/Manila')
    .action((username: string, options: { email?: string; timezone?: string }) =>
      run(usersAddCommand(io, username, options.email, options.timezone)),
    );
  users
    .command('list')
    .description('one line per learner: uuid, username, email, started, disabled')
    .action(() => run(usersListCommand(io)));
  users
    .command('disable')
    .description(
      'revoke every credential of a learner (API tokens, sessions, sign-in links, push tokens) and refuse new ones; the data is kept',
    )
    .argument('<username>')
    .action((username: string) => run(usersDisableCommand(io, username)));
  users
    .command('enable')
    .description('let a disabled learner sign in again (revoked credentials stay revoked: mint new ones)')
    .argument('<username>')
    .action((username: string) => run(usersEnableCommand(io, username)));

  const tokens = root.command('tokens').description("manage learners' API tokens: mint, list, revoke");
  tokens
    .command('mint')
    .description('mint an API token; prints it once (only its hash is stored)')
    .argument('<username>')
    .option('--expires-at <iso8601>', 'when the token stops working (default: never)')
    .option('--label <label>', 'a name to recognise the token by in tokens list')
    .action((username: string, options: { expiresAt?: string; label?: string }) =>
      run(tokensMintCommand(io, username, options.expiresAt, options.label)),
    );
  tokens
    .command('list')
    .description("list a learner's tokens: id, label, created, expires, revoked (never the tokens themselves)")
    .argument('<username>')
    .action((username: string) => run(tokensListCommand(io, username)));
  tokens
    .command('revoke')
    .description('revoke a token; it answers 401 from then on')
    .argument('<token-id>', 'the id tokens list shows', tokenId)
    .action((id: number) => run(tokensRevokeCommand(io, id)));

  root
    .command('login-link')
    .description('print a one-time sign-in link to the web app (works once, for 15 minutes)')
    .argument('<username>')
    .action((username: string) => run(loginLinkCommand(io, username)));

  const content = root.command('content').description('subject content: import, stats');
  content
    .command('import')
    .description('load subjects (collection JSON, a folder of them, or JSONL; .gz allowed); upserts by id')
    .argument('<path>')
    .action((path: string) => run(contentImportCommand(io, path)));
  content
    .command('stats')
    .description('count subjects per type and level')
    .action(() => run(contentStatsCommand(io)));

  root
    .command('backup')
    .description(
      'write a consistent, verified copy of the live database to <file> (SQLite: online backup API and integrity_check; PostgreSQL: pg_dump -Fc)',
    )
    .argument('<file>', 'a new file (an existing one is never overwritten)')
    .action((file: string) => run(backupCommand(io, file)));
  root
    .command('restore')
    .description(
      'replace the database with a backup made by the backup command (PostgreSQL: pg_restore); the server must be stopped, and its next start migrates',
    )
    .argument('<file>', 'a file written by study-service backup')
    .action((file: string) => run(restoreCommand(io, file)));
  return root;
}

/** What `study-service <path...> --help` prints (the whole usage for an empty path). */
export function commandHelp(...path: string[]): string {
  const output = { out: '', err: '' };
  let command = program(processlessIo, () => undefined, output);
  for (const name of path) {
    const next = command.commands.find((c) => c.name() === name);
    if (!next) throw new Error(`no command ${path.join(' ')}`);
    command = next;
  }
  command.outputHelp();
  return output.out.trimEnd();
}

const processlessIo: Io = { out: () => undefined, err: () => undefined };

/** Prints what commander wrote, line by line, without its closing newline. */
function flush(text: string, to: (line: string) => void): void {
  if (text.trimEnd() !== '') to(text.trimEnd());
}

/** Runs one command; returns the process exit code (2 for usage mistakes, 1 for failures). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const output = { out: '', err: '' };
  let pending: Promise<number> | undefined;
  const root = program(io, (code) => (pending = code), output);
  try {
    // The bare command prints the usage (it never starts a server: `npm start` names `serve`).
    if (argv.length === 0) {
      io.out(commandHelp());
      return 0;
    }
    await root.parseAsync(argv, { from: 'user' });
    return pending === undefined ? 0 : await pending;
  } catch (error) {
    if (error instanceof CommanderError) {
      // A group named without one of its commands (`users`): commander prints only the group's help.
      if (error.code === 'commander.help' && error.exitCode !== 0) io.err('study-service: missing command');
      flush(output.out, io.out);
      flush(output.err, io.err);
      // Help and version exit 0; every parsing mistake is a usage error.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      io.err(`study-service: ${error.message}`);
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
