import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { bundledContentPath } from '../../src/cli/bundled-content.js';
import { commandHelp, runCli } from '../../src/cli/index.js';
import { prepareFirstRun } from '../../src/cli/serve.js';
import { migrations } from '../../src/db/migrations/index.js';
import { DAY_MS } from '../../src/shared/time.js';
import { describeEachEngine, INTERNAL_SECRET, T0, type TestApp } from '../support/app.js';
import { TEST_DATABASE_URL } from '../support/db.js';
import { kanaVocabulary, kanji, radical, seedSubjects, subjectResource, vocabulary, type SubjectSpec } from '../support/factories.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Run {
  code: number;
  out: string[];
  err: string[];
}

/** Runs one command the way the binary does, capturing what it prints. */
async function cli(...argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(...line.split('\n')) });
  return { code, out, err };
}

/** Runs a setup command that must succeed; returns its stdout lines. */
async function must(...argv: string[]): Promise<string[]> {
  const run = await cli(...argv);
  expect(run.code, `${argv.join(' ')}: ${run.err.join('\n')}`).toBe(0);
  return run.out;
}

/** A PostgreSQL URL whose connections use `schema`: the standard libpq `options` parameter, no extra configuration. */
function postgresUrlFor(schema: string): string {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const separator = TEST_DATABASE_URL.includes('?') ? '&' : '?';
  return `${TEST_DATABASE_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The DATABASE_URL under which the CLI sees the same database as the test app. */
function cliDatabaseUrl(app: TestApp): string {
  return app.engine === 'sqlite' ? app.testDb.databaseUrl : postgresUrlFor(app.testDb.pgSchema!);
}

const curriculum: SubjectSpec[] = [
  radical(1, 1, { slug: 'ground', meaning: 'Ground' }),
  radical(2, 1, { slug: 'mouth', meaning: 'Mouth' }),
  kanji(3, 1, [1], { meaning: 'One' }),
  vocabulary(4, 2, [3], { meaning: 'One Thing' }),
  kanaVocabulary(5, 2, { meaning: 'A Little' }),
];
const resources = curriculum.map((spec) => subjectResource(spec, curriculum));
const page = (items: unknown[]) =>
  JSON.stringify({
    object: 'collection',
    url: 'https://example.invalid/v2/subjects',
    pages: { per_page: 1000, next_url: null, previous_url: null },
    total_count: items.length,
    data_updated_at: null,
    data: items,
  });
const jsonl = (items: unknown[]) => `${items.map((item) => JSON.stringify(item)).join('\n')}\n`;

const reportLines = (counts: Record<'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary', [number, number, number]>) =>
  Object.entries(counts).map(
    ([type, [inserted, updated, unchanged]]) => `${type}: ${inserted} inserted, ${updated} updated, ${unchanged} unchanged`,
  );
const FIRST_IMPORT = reportLines({ radical: [2, 0, 0], kanji: [1, 0, 0], vocabulary: [1, 0, 0], kana_vocabulary: [1, 0, 0] });

describeEachEngine('study-service CLI', (t) => {
  let dir: string;
  const savedUrl = process.env.DATABASE_URL;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'study-cli-'));
    process.env.DATABASE_URL = cliDatabaseUrl(t());
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
  });

  const subjectCount = async () => (await t().deps.db.kysely.selectFrom('subjects').select('id').execute()).length;
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    return path;
  };

  it('prints the usage for --help, -h, help and no command (exit 0); the bare command starts no server', async () => {
    const usage = commandHelp();
    for (const argv of [['--help'], ['-h'], ['help'], []]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(0);
      expect(run.out.join('\n')).toBe(usage);
      expect(run.err).toEqual([]);
    }
    expect(usage).toMatch(/^Usage: study-service \[options\] \[command\]/);
    for (const command of ['serve', 'migrate', 'users', 'tokens', 'login-link', 'content', 'backup', 'restore', '--version']) {
      expect(usage).toContain(command);
    }
  });

  it('--version and -v print the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await cli('--version')).toEqual({ code: 0, out: [version], err: [] });
    expect(await cli('-v')).toEqual({ code: 0, out: [version], err: [] });
  });

  it("every command has its own help: '<command> --help', '-h' and 'help <command>' (exit 0)", async () => {
    const commands: [string[], string[]][] = [
      [['serve'], ['--ticks']],
      [['migrate'], []],
      [['users'], ['add', 'list', 'disable', 'enable']],
      [
        ['users', 'add'],
        ['<username>', '--email', '--timezone'],
      ],
      [['users', 'list'], []],
      [['users', 'disable'], ['<username>']],
      [['users', 'enable'], ['<username>']],
      [['tokens'], ['mint', 'list', 'revoke']],
      [
        ['tokens', 'mint'],
        ['<username>', '--expires-at', '--label'],
      ],
      [['tokens', 'list'], ['<username>']],
      [['tokens', 'revoke'], ['<token-id>']],
      [['login-link'], ['<username>']],
      [['content'], ['import', 'stats']],
      [['content', 'import'], ['<path>']],
      [['content', 'stats'], []],
      [['backup'], ['<file>']],
      [['restore'], ['<file>']],
    ];
    for (const [path, mentions] of commands) {
      const help = commandHelp(...path);
      expect(help, path.join(' ')).toMatch(new RegExp(`^Usage: study-service ${path.join(' ')} `));
      for (const mention of mentions) expect(help, path.join(' ')).toContain(mention);
      expect(await cli(...path, '--help'), path.join(' ')).toEqual({ code: 0, out: help.split('\n'), err: [] });
      expect(await cli(...path, '-h'), path.join(' ')).toEqual({ code: 0, out: help.split('\n'), err: [] });
      const parent = path.slice(0, -1);
      expect(await cli(...parent, 'help', path.at(-1)!), path.join(' ')).toEqual({ code: 0, out: help.split('\n'), err: [] });
    }
  });

  it("answers a bad command line with the reason and that command's help on stderr, and exit code 2", async () => {
    const cases: [string[], string, string[]][] = [
      [['frobnicate'], "unknown command 'frobnicate'", []],
      [['users'], 'missing command', ['users']],
      [['users', 'remove', 'alice'], "unknown command 'remove'", ['users']],
      [['users', 'add'], "missing required argument 'username'", ['users', 'add']],
      [['users', 'add', 'alice', 'bob'], "too many arguments for 'add'. Expected 1 argument but got 2.", ['users', 'add']],
      [['users', 'add', 'alice', '--colour', 'red'], "unknown option '--colour'", ['users', 'add']],
      [['users', 'add', 'alice', '--email'], "option '--email <address>' argument missing", ['users', 'add']],
      [['users', 'disable'], "missing required argument 'username'", ['users', 'disable']],
      [['users', 'list', 'alice'], "too many arguments for 'list'. Expected 0 arguments but got 1.", ['users', 'list']],
      [['tokens'], 'missing command', ['tokens']],
      [['tokens', 'mint'], "missing required argument 'username'", ['tokens', 'mint']],
      [['tokens', 'mint', 'alice', '--bogus'], "unknown option '--bogus'", ['tokens', 'mint']],
      [
        ['tokens', 'revoke', 'abc'],
        "command-argument value 'abc' is invalid for argument 'token-id'. token-id must be a number (got \"abc\").",
        ['tokens', 'revoke'],
      ],
      [['tokens', 'list'], "missing required argument 'username'", ['tokens', 'list']],
      [['content'], 'missing command', ['content']],
      [['content', 'import'], "missing required argument 'path'", ['content', 'import']],
      [['content', 'stats', 'extra'], "too many arguments for 'stats'. Expected 0 arguments but got 1.", ['content', 'stats']],
      [['migrate', 'now'], "too many arguments for 'migrate'. Expected 0 arguments but got 1.", ['migrate']],
      [['serve', '--port', '1'], "unknown option '--port'", ['serve']],
      [['backup'], "missing required argument 'file'", ['backup']],
      [['restore', 'a', 'b'], "too many arguments for 'restore'. Expected 1 argument but got 2.", ['restore']],
    ];
    for (const [argv, reason, helpOf] of cases) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.out, argv.join(' ')).toEqual([]);
      expect(run.err[0], argv.join(' ')).toBe(`study-service: ${reason}`);
      expect(run.err.slice(1).join('\n').trim(), argv.join(' ')).toBe(commandHelp(...helpOf));
    }
    expect(await cli('tokens', 'mint', 'alice', '--expires-at', 'soon')).toEqual({
      code: 2,
      out: [],
      err: ['study-service: --expires-at must be an ISO-8601 timestamp (got "soon").'],
    });
  });

  it('migrate applies pending migrations to a fresh database, printing each, then "No pending migrations."', async () => {
    const fresh = `cli_fresh_${randomBytes(4).toString('hex')}`;
    process.env.DATABASE_URL = t().engine === 'sqlite' ? `sqlite:${join(dir, 'nested', 'fresh.db')}` : postgresUrlFor(fresh);
    if (t().engine === 'postgres') await adminQuery(`create schema ${fresh}`);
    try {
      const first = await cli('migrate');
      expect(first.code).toBe(0);
      expect(first.out).toEqual(
        Object.keys(migrations)
          .sort()
          .map((name) => `Applied ${name}`),
      );
      expect(first.err).toEqual([]);
      const second = await cli('migrate');
      expect(second).toEqual({ code: 0, out: ['No pending migrations.'], err: [] });
      // The migrated database is usable by the other commands.
      await must('users', 'add', 'fresh');
    } finally {
      if (t().engine === 'postgres') await adminQuery(`drop schema ${fresh} cascade`);
    }
  });

  it('fails with exit 1 and a message for a configuration error', async () => {
    process.env.DATABASE_URL = 'mysql://nope';
    const run = await cli('migrate');
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toEqual(['Configuration error: DATABASE_URL must be sqlite:<path> or postgres://... (got "mysql://nope").']);
  });

  it('users add prints the new UUID and creates the account in the new-account state', async () => {
    const { get } = t();
    const run = await cli('users', 'add', 'alice', '--email', 'alice@example.com', '--timezone', 'Asia/Manila');
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(UUID);
    const row = await t()
      .deps.db.kysely.selectFrom('users')
      .select(['id', 'uuid', 'email', 'timezone'])
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uuid: run.out[0], email: 'alice@example.com', timezone: 'Asia/Manila' });
    const progressions = await t().deps.db.kysely.selectFrom('level_progressions').select('level').where('user_id', '=', row.id).execute();
    expect(progressions).toEqual([{ level: 1 }]);

    const token = (await must('tokens', 'mint', 'alice'))[0]!;
    const user = (await get('/api/v1/user', token)).json().data;
    expect(user).toMatchObject({ id: run.out[0], username: 'alice', timezone: 'Asia/Manila', level: 1 });
  });

  it('users add refuses a duplicate username, a bad time zone, a bad username or email (exit 1)', async () => {
    await must('users', 'add', 'alice');
    expect(await cli('users', 'add', 'alice')).toEqual({ code: 1, out: [], err: ['Username alice already exists.'] });
    expect(await cli('users', 'add', 'bob', '--timezone', 'GMT+8')).toEqual({
      code: 1,
      out: [],
      err: ['timezone "GMT+8" is not an IANA zone name (for example Asia/Manila).'],
    });
    const badName = await cli('users', 'add', 'bad name');
    expect(badName.code).toBe(1);
    expect(badName.err[0]).toMatch(/^username must be/);
    const badEmail = await cli('users', 'add', 'carol', '--email', 'nope');
    expect(badEmail).toEqual({ code: 1, out: [], err: ['email is not a valid address.'] });
    const users = await t().deps.db.kysely.selectFrom('users').select('username').execute();
    expect(users).toEqual([{ username: 'alice' }]);
  });

  it('login-link prints a one-time sign-in link (15 minutes) that sets the session cookie once', async () => {
    const { get } = t();
    await must('users', 'add', 'alice');
    const run = await cli('login-link', 'alice');
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    const link = new URL(run.out[0]!);
    expect(link.pathname).toBe('/api/v1/session/link');
    const first = await get(link.pathname + link.search);
    expect(first.statusCode).toBe(303);
    expect(String(first.headers['set-cookie'])).toMatch(/^svc_session=[A-Za-z0-9_-]{43};/);
    expect((await get(link.pathname + link.search)).headers.location).toMatch(/\/sign-in\?link=invalid$/);
    const stored = await t().deps.db.kysely.selectFrom('login_links').select(['token_hash', 'expires_at', 'created_at']).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.expires_at - stored[0]!.created_at).toBe(15 * 60 * 1000);
    expect(stored[0]!.token_hash).not.toContain(link.searchParams.get('token'));
    expect(await cli('login-link', 'nobody')).toEqual({ code: 1, out: [], err: ['No user named nobody.'] });
    expect((await cli('login-link')).code).toBe(2);
  });

  it('tokens mint prints a UUID token alone on one line; it authenticates, and only its hash is stored', async () => {
    const { get } = t();
    await must('users', 'add', 'alice');
    const run = await cli('tokens', 'mint', 'alice');
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(UUID_V4);
    expect((await get('/api/v1/user', run.out[0])).json().data.username).toBe('alice');
    const stored = await t().deps.db.kysely.selectFrom('api_tokens').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(run.out[0]);
    expect(await cli('tokens', 'mint', 'nobody')).toEqual({ code: 1, out: [], err: ['No user named nobody.'] });
  });

  it('tokens mint honours --expires-at and --label; tokens list shows them and never a token', async () => {
    const app = t();
    await must('users', 'add', 'alice');
    const expiresAt = new Date(Date.now() + 2 * DAY_MS);
    expiresAt.setUTCMilliseconds(0);
    const expiring = (
      await must('tokens', 'mint', 'alice', '--expires-at', expiresAt.toISOString().replace('.000Z', 'Z'), '--label', 'ci runner')
    )[0]!;
    const plain = (await must('tokens', 'mint', 'alice'))[0]!;

    const list = await cli('tokens', 'list', 'alice');
    expect(list.code).toBe(0);
    expect(list.err).toEqual([]);
    expect(list.out[0]).toBe('id\tlabel\tcreated\texpires\trevoked');
    const rows = list.out.slice(1).map((line) => line.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      '1',
      'ci runner',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expiresAt.toISOString(),
      'no',
    ]);
    expect(rows[1]).toEqual(['2', '-', expect.any(String), 'never', 'no']);
    for (const token of [expiring, plain]) expect(list.out.join('\n')).not.toContain(token);

    // The expiry is enforced by the API.
    expect((await app.get('/api/v1/user', expiring)).statusCode).toBe(200);
    app.clock.set(expiresAt.toISOString());
    expect((await app.get('/api/v1/user', expiring)).statusCode).toBe(401);
    expect((await app.get('/api/v1/user', plain)).statusCode).toBe(200);

    expect(await cli('tokens', 'mint', 'alice', '--expires-at', '2001-01-01T00:00:00Z')).toEqual({
      code: 1,
      out: [],
      err: ['--expires-at must be in the future.'],
    });
    expect(await cli('tokens', 'list', 'nobody')).toEqual({ code: 1, out: [], err: ['No user named nobody.'] });
  });

  it('tokens revoke confirms, and the token answers 401 from then on', async () => {
    const app = t();
    await must('users', 'add', 'alice');
    const token = (await must('tokens', 'mint', 'alice'))[0]!;
    const other = (await must('tokens', 'mint', 'alice'))[0]!;
    expect((await app.get('/api/v1/user', token)).statusCode).toBe(200);

    expect(await cli('tokens', 'revoke', '1')).toEqual({ code: 0, out: ['Token 1 revoked.'], err: [] });
    const refused = await app.get('/api/v1/user', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Unauthorized. Provide a valid API token.', code: 401 });
    expect((await app.get('/api/v1/user', other)).statusCode).toBe(200);

    expect(await cli('tokens', 'revoke', '1')).toEqual({ code: 0, out: ['Token 1 was already revoked.'], err: [] });
    expect(await cli('tokens', 'revoke', '99')).toEqual({ code: 1, out: [], err: ['No token with id 99.'] });
    const list = (await cli('tokens', 'list', 'alice')).out.slice(1).map((line) => line.split('\t'));
    expect(list[0]![4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list[1]![4]).toBe('no');
  });

  it('users list prints one line per learner: uuid, username, email, started, disabled', async () => {
    const alice = (await must('users', 'add', 'alice', '--email', 'alice@example.com'))[0]!;
    const bob = (await must('users', 'add', 'bob'))[0]!;
    const list = await cli('users', 'list');
    expect(list.code).toBe(0);
    expect(list.err).toEqual([]);
    expect(list.out[0]).toBe('uuid\tusername\temail\tstarted\tdisabled');
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(list.out.slice(1).map((line) => line.split('\t'))).toEqual([
      [alice, 'alice', 'alice@example.com', iso, 'no'],
      [bob, 'bob', '-', iso, 'no'],
    ]);
  });

  it('users disable revokes every credential (tokens, sessions, sign-in links, push tokens), refuses new ones, keeps the data', async () => {
    const app = t();
    await must('users', 'add', 'alice');
    await must('users', 'add', 'bob');
    const token = (await must('tokens', 'mint', 'alice'))[0]!;
    const bobToken = (await must('tokens', 'mint', 'bob'))[0]!;
    const portal = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const link = new URL((await must('login-link', 'alice'))[0]!);
    const cookie = String((await app.get(link.pathname + link.search)).headers['set-cookie']).split(';')[0]!;
    const unusedLink = new URL((await must('login-link', 'alice'))[0]!);
    expect((await app.post('/api/v1/push_tokens', token, { token: 'ExponentPushToken[alice-phone]', platform: 'ios' })).statusCode).toBe(
      200,
    );
    const userWith = (headers: Record<string, string>) => app.request({ method: 'GET', url: '/api/v1/user', headers });
    expect((await app.get('/api/v1/user', token)).statusCode).toBe(200);
    expect((await app.get('/api/v1/user', portal)).statusCode).toBe(200);
    expect((await userWith({ cookie })).statusCode).toBe(200);

    expect(await cli('users', 'disable', 'alice')).toEqual({
      code: 0,
      out: ['User alice disabled; revoked 1 API token(s), 2 session(s), 1 sign-in link(s) and 1 push token(s). Their data is kept.'],
      err: [],
    });
    expect((await app.get('/api/v1/user', token)).statusCode).toBe(401);
    expect((await app.get('/api/v1/user', portal)).statusCode).toBe(401);
    expect((await userWith({ cookie })).statusCode).toBe(401);
    expect((await app.get(unusedLink.pathname + unusedLink.search)).headers.location).toMatch(/\/sign-in\?link=invalid$/);
    expect((await app.post('/api/v1/session', undefined, { token })).statusCode).toBe(401);
    expect((await app.get('/api/v1/user', bobToken)).statusCode).toBe(200);

    // No new credential for a disabled account, from the CLI or the portal.
    const refused = ['The account alice is disabled.'];
    expect(await cli('tokens', 'mint', 'alice')).toEqual({ code: 1, out: [], err: refused });
    expect(await cli('login-link', 'alice')).toEqual({ code: 1, out: [], err: refused });
    const minted = await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' });
    expect(minted.statusCode).toBe(422);
    expect(minted.json()).toEqual({ error: 'The account alice is disabled.', code: 422 });

    // The data is kept: the account, its progression, its (revoked) credentials and devices.
    const db = app.deps.db.kysely;
    const user = await db.selectFrom('users').select(['id', 'disabled_at']).where('username', '=', 'alice').executeTakeFirstOrThrow();
    expect(user.disabled_at).not.toBeNull();
    expect(await db.selectFrom('level_progressions').select('level').where('user_id', '=', user.id).execute()).toEqual([{ level: 1 }]);
    const tokens = await db.selectFrom('api_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(tokens.map((row) => row.revoked_at !== null)).toEqual([true]);
    const devices = await db.selectFrom('push_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(devices.map((row) => row.revoked_at !== null)).toEqual([true]);
    const listed = (await must('users', 'list')).slice(1).map((line) => line.split('\t'));
    expect(listed.map((row) => [row[1], row[4]])).toEqual([
      ['alice', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)],
      ['bob', 'no'],
    ]);

    // Disabling again is harmless; enabling lets new credentials in, the revoked ones stay revoked.
    expect((await cli('users', 'disable', 'alice')).out[0]).toMatch(/revoked 0 API token\(s\), 0 session\(s\)/);
    expect(await cli('users', 'enable', 'alice')).toEqual({ code: 0, out: ['User alice enabled.'], err: [] });
    expect(await cli('users', 'enable', 'alice')).toEqual({ code: 0, out: ['User alice was not disabled.'], err: [] });
    expect((await app.get('/api/v1/user', token)).statusCode).toBe(401);
    const fresh = (await must('tokens', 'mint', 'alice'))[0]!;
    expect((await app.get('/api/v1/user', fresh)).statusCode).toBe(200);
    expect(await cli('users', 'disable', 'nobody')).toEqual({ code: 1, out: [], err: ['No user named nobody.'] });
    expect(await cli('users', 'enable', 'nobody')).toEqual({ code: 1, out: [], err: ['No user named nobody.'] });
  });

  it('content import loads a collection page file and prints counts per type; a second run upserts by id', async () => {
    const app = t();
    const path = file('subjects.json', page(resources));
    const first = await cli('content', 'import', path);
    expect(first).toEqual({ code: 0, out: FIRST_IMPORT, err: [] });
    expect(await subjectCount()).toBe(5);

    const changed = resources.map((r) =>
      r.id === 2 ? { ...r, data: { ...r.data, meanings: [{ meaning: 'Mouths', primary: true, accepted_answer: true }] } } : r,
    );
    writeFileSync(path, page(changed));
    const second = await cli('content', 'import', path);
    expect(second).toEqual({
      code: 0,
      out: reportLines({ radical: [0, 1, 1], kanji: [0, 0, 1], vocabulary: [0, 0, 1], kana_vocabulary: [0, 0, 1] }),
      err: [],
    });
    expect(await subjectCount()).toBe(5);

    await must('users', 'add', 'alice');
    const token = (await must('tokens', 'mint', 'alice'))[0]!;
    const mouth = (await app.get('/api/v1/subjects/2', token)).json();
    expect(mouth.data.meanings).toEqual([{ meaning: 'Mouths', primary: true, accepted_answer: true }]);
  });

  it('content import loads a folder of pages, a JSONL file, and gzipped files', async () => {
    const folder = join(dir, 'pages');
    file('pages/page-1.json', page(resources.slice(0, 3)));
    file('pages/page-2.json.gz', gzipSync(page(resources.slice(3))));
    file('pages/README.md', '# not subjects');
    expect(await cli('content', 'import', folder)).toEqual({ code: 0, out: FIRST_IMPORT, err: [] });
    expect(await subjectCount()).toBe(5);

    for (const [name, body] of [
      ['subjects.jsonl', jsonl(resources)],
      ['subjects.jsonl.gz', gzipSync(jsonl(resources))],
      ['subjects.json.gz', gzipSync(page(resources))],
    ] as const) {
      const run = await cli('content', 'import', file(name, body));
      expect(run, name).toEqual({
        code: 0,
        out: reportLines({ radical: [0, 0, 2], kanji: [0, 0, 1], vocabulary: [0, 0, 1], kana_vocabulary: [0, 0, 1] }),
        err: [],
      });
    }
  });

  it('content import imports JSONL into an empty database', async () => {
    expect(await cli('content', 'import', file('subjects.jsonl.gz', gzipSync(jsonl(resources))))).toEqual({
      code: 0,
      out: FIRST_IMPORT,
      err: [],
    });
    expect(await subjectCount()).toBe(5);
  });

  it('content import rejects a bad file, naming the file and the reason, and imports nothing', async () => {
    // A folder with one good and one unreadable file.
    file('mixed/a-good.json', page(resources));
    const badJson = file('mixed/b-bad.json', '{"object":"collection","data":[');
    const mixed = await cli('content', 'import', join(dir, 'mixed'));
    expect(mixed.code).toBe(1);
    expect(mixed.out).toEqual([]);
    expect(mixed.err).toHaveLength(1);
    expect(mixed.err[0]).toContain(badJson);
    expect(mixed.err[0]).toMatch(/^Rejected: .*not valid JSON/);
    expect(await subjectCount()).toBe(0);

    // A folder with one good file and one whose subject breaks the rules.
    file('invalid/a-good.json', page(resources));
    const invalid = file(
      'invalid/b-invalid.jsonl',
      jsonl([subjectResource(radical(9, 1)), { id: 10, object: 'radical', data: { level: 1, slug: 'x' } }]),
    );
    const rejected = await cli('content', 'import', join(dir, 'invalid'));
    expect(rejected.code).toBe(1);
    expect(rejected.out).toEqual([]);
    expect(rejected.err[0]).toMatch(/^Rejected, nothing imported: /);
    expect(rejected.err[0]).toContain(`${invalid}:2`);
    expect(await subjectCount()).toBe(0);

    // A JSON file that is not a collection page.
    const notPage = file('other.json', JSON.stringify({ hello: 'world' }));
    expect(await cli('content', 'import', notPage)).toEqual({
      code: 1,
      out: [],
      err: [`Rejected: ${notPage}: not a reference-API collection page ({"object":"collection","data":[...]})`],
    });

    // Links to subjects that exist nowhere are refused as a whole.
    const dangling = file('dangling.json', page([subjectResource(kanji(20, 1, [999]))]));
    const refused = await cli('content', 'import', dangling);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/^Rejected, nothing imported: .*999/);

    const missing = join(dir, 'nowhere.json');
    expect(await cli('content', 'import', missing)).toEqual({ code: 1, out: [], err: [`Rejected: ${missing}: no such file or folder`] });
    file('empty/notes.txt', 'not subjects');
    const empty = join(dir, 'empty');
    expect(await cli('content', 'import', empty)).toEqual({
      code: 1,
      out: [],
      err: [`Rejected: ${empty}: the folder holds no .json or .jsonl files`],
    });
    expect(await subjectCount()).toBe(0);
  });

  it('content stats prints counts per type and level', async () => {
    expect(await cli('content', 'stats')).toEqual({
      code: 0,
      out: ['level\tradical\tkanji\tvocabulary\tkana_vocabulary\ttotal', 'all\t0\t0\t0\t0\t0'],
      err: [],
    });
    await must('content', 'import', file('subjects.json', page(resources)));
    expect(await cli('content', 'stats')).toEqual({
      code: 0,
      out: ['level\tradical\tkanji\tvocabulary\tkana_vocabulary\ttotal', '1\t2\t1\t0\t0\t3', '2\t0\t0\t1\t1\t2', 'all\t2\t1\t1\t1\t5'],
      err: [],
    });
  });
});

describeEachEngine('First run (prepareFirstRun)', (t) => {
  /** How many subjects the bundled dataset holds, read independently of the importer. */
  function bundledCount(path: string): number {
    const bytes = readFileSync(path);
    const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    if (/\.json(\.gz)?$/.test(path)) return (JSON.parse(text) as { data: unknown[] }).data.length;
    return text.split('\n').filter((line) => line.trim() !== '').length;
  }

  it('loads the bundled content into an empty database and creates the demo account, printing its token once', async () => {
    const app = t();
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(`ERR ${line}`) };
    const path = bundledContentPath();
    const expected = bundledCount(path);
    expect(expected).toBeGreaterThan(0);

    await prepareFirstRun(app.deps, io);
    expect(out).toHaveLength(5);
    expect(out[0]).toMatch(new RegExp(`^Loaded ${expected} subjects from ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in \\d+ ms\\.$`));
    expect(out[1]).toBe('Created the "demo" account. Its API token (shown once, keep it):');
    const token = out[2]!;
    expect(token).toMatch(UUID_V4);
    // Beside the token, a one-time sign-in link to the web app.
    expect(out[3]).toMatch(
      /^Open this link to study in the browser \(works once, for 15 minutes; `npx study-service login-link demo` prints another\):$/,
    );
    expect(out[4]).toMatch(/^http:\/\/study\.test\/api\/v1\/session\/link\?token=[A-Za-z0-9_-]{43}$/);
    const signIn = await app.get(new URL(out[4]!).pathname + new URL(out[4]!).search);
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('http://study.test/');
    expect(String(signIn.headers['set-cookie'])).toMatch(/^svc_session=/);

    const user = await app.get('/api/v1/user', token);
    expect(user.statusCode).toBe(200);
    expect(user.json().data).toMatchObject({ username: 'demo', level: 1, started_at: new Date(T0).toISOString() });
    expect((await app.get('/api/v1/subjects?page_after_id=-1', token)).json().total_count).toBe(expected);
    const lessons = await app.deps.db.kysely.selectFrom('assignments').select('id').execute();
    expect(lessons.length).toBeGreaterThan(0);

    // Second start: nothing to load, the account exists, no token is shown again.
    const again: string[] = [];
    await prepareFirstRun(app.deps, { out: (line) => again.push(line), err: (line) => again.push(`ERR ${line}`) });
    expect(again).toEqual([]);
    expect(await app.deps.db.kysely.selectFrom('api_tokens').select('id').execute()).toHaveLength(1);
  });

  it('never loads the bundled content over content it does not recognise, and still creates a missing demo account', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const out: string[] = [];
    await prepareFirstRun(app.deps, { out: (line) => out.push(line), err: (line) => out.push(`ERR ${line}`) });
    expect(out).toHaveLength(5);
    expect(out[0]).toMatch(/^The database holds imported content; the bundled curriculum \(.*\) is not loaded over it\.$/);
    expect(out[1]).toBe('Created the "demo" account. Its API token (shown once, keep it):');
    expect(await app.deps.db.kysely.selectFrom('subjects').select('id').execute()).toEqual([{ id: 1 }]);
  });
});
