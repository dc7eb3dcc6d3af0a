import { readSubjectDump, DumpError } from '../content/read-dump.js';
import { createAccount, disableAccount, enableAccount, listAccounts } from '../services/accounts.js';
import { contentStats, importSubjects, type ImportReport } from '../services/content.js';
import { listTokens, mintApiToken, revokeToken } from '../services/credentials.js';
import { failureMessage } from '../shared/result.js';
import { parseIsoInstant, toIso } from '../shared/time.js';
import { UsageError, withDeps, type Io } from './context.js';
import { contentChecksum, isBundledContent } from './bundled-content.js';

export function printImportReport(io: Io, report: ImportReport): void {
  for (const [type, counts] of Object.entries(report)) {
    io.out(`${type}: ${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`);
  }
}

export async function migrateCommand(io: Io): Promise<number> {
  return withDeps(async (_deps, applied) => {
    io.out(applied.length === 0 ? 'No pending migrations.' : applied.map((name) => `Applied ${name}`).join('\n'));
    return 0;
  });
}

export async function usersAddCommand(io: Io, username: string, email: string | undefined, timezone: string | undefined): Promise<number> {
  return withDeps(async (deps) => {
    const created = await createAccount(deps, { username, email: email ?? null, timezone: timezone ?? null });
    if (!created.ok) {
      io.err(failureMessage(created.failure));
      return 1;
    }
    io.out(created.value.uuid);
    return 0;
  });
}

/** `users list`: one line per account, tab-separated under a header. */
export async function usersListCommand(io: Io): Promise<number> {
  return withDeps(async (deps) => {
    io.out('uuid\tusername\temail\tstarted\tdisabled');
    for (const user of await listAccounts(deps)) {
      io.out(
        [user.uuid, user.username, user.email ?? '-', toIso(user.startedAt), user.disabledAt === null ? 'no' : toIso(user.disabledAt)].join(
          '\t',
        ),
      );
    }
    return 0;
  });
}

/** `users disable <username>`: revokes every credential (the data is kept); says what it revoked. */
export async function usersDisableCommand(io: Io, username: string): Promise<number> {
  return withDeps(async (deps) => {
    const disabled = await disableAccount(deps, username);
    if (!disabled.ok) {
      io.err(failureMessage(disabled.failure));
      return 1;
    }
    const n = disabled.value;
    io.out(
      `User ${username} disabled; revoked ${n.apiTokens} API token(s), ${n.sessions} session(s), ` +
        `${n.loginLinks} sign-in link(s) and ${n.pushTokens} push token(s). Their data is kept.`,
    );
    return 0;
  });
}

/** `users enable <username>`: the account may sign in again, with newly minted credentials. */
export async function usersEnableCommand(io: Io, username: string): Promise<number> {
  return withDeps(async (deps) => {
    const enabled = await enableAccount(deps, username);
    if (!enabled.ok) {
      io.err(failureMessage(enabled.failure));
      return 1;
    }
    io.out(enabled.value === 'enabled' ? `User ${username} enabled.` : `User ${username} was not disabled.`);
    return 0;
  });
}

export async function tokensMintCommand(
  io: Io,
  username: string,
  expiresAt: string | undefined,
  label: string | undefined,
): Promise<number> {
  let expiry: number | null = null;
  if (expiresAt !== undefined) {
    expiry = parseIsoInstant(expiresAt);
    if (expiry === null) throw new UsageError(`--expires-at must be an ISO-8601 timestamp (got "${expiresAt}").`);
  }
  return withDeps(async (deps) => {
    const minted = await mintApiToken(deps, username, { expiresAt: expiry, label: label ?? null });
    if (!minted.ok) {
      io.err(failureMessage(minted.failure));
      return 1;
    }
    io.out(minted.value.token);
    return 0;
  });
}

export async function tokensListCommand(io: Io, username: string): Promise<number> {
  return withDeps(async (deps) => {
    const listed = await listTokens(deps, username);
    if (!listed.ok) {
      io.err(failureMessage(listed.failure));
      return 1;
    }
    io.out('id\tlabel\tcreated\texpires\trevoked');
    for (const t of listed.value) {
      io.out(
        [
          t.id,
          t.label ?? '-',
          toIso(t.createdAt),
          t.expiresAt === null ? 'never' : toIso(t.expiresAt),
          t.revokedAt === null ? 'no' : toIso(t.revokedAt),
        ].join('\t'),
      );
    }
    return 0;
  });
}

export async function tokensRevokeCommand(io: Io, tokenId: number): Promise<number> {
  return withDeps(async (deps) => {
    const revoked = await revokeToken(deps, tokenId);
    if (!revoked.ok) {
      io.err(failureMessage(revoked.failure));
      return 1;
    }
    io.out(revoked.value === 'revoked' ? `Token ${tokenId} revoked.` : `Token ${tokenId} was already revoked.`);
    return 0;
  });
}

export async function contentImportCommand(io: Io, path: string): Promise<number> {
  let sources;
  try {
    sources = await readSubjectDump(path);
  } catch (error) {
    if (error instanceof DumpError) {
      io.err(`Rejected: ${error.message}`);
      return 1;
    }
    throw error;
  }
  return withDeps(async (deps) => {
    // Importing the shipped file by hand counts as the bundled release (a later start upgrades it);
    // any other dump marks the content as the operator's, which a start never overwrites.
    const release = isBundledContent(path)
      ? { origin: 'bundled' as const, sha256: await contentChecksum(path) }
      : { origin: 'import' as const, sha256: null };
    const imported = await importSubjects(deps, sources, release);
    if (!imported.ok) {
      io.err(`Rejected, nothing imported: ${failureMessage(imported.failure)}`);
      return 1;
    }
    printImportReport(io, imported.value);
    return 0;
  });
}

export async function contentStatsCommand(io: Io): Promise<number> {
  return withDeps(async (deps) => {
    const counts = await contentStats(deps);
    const types = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'] as const;
    const levels = [...new Set(counts.map((c) => c.level))].sort((a, b) => a - b);
    io.out(['level', ...types, 'total'].join('\t'));
    const totals = Object.fromEntries(types.map((t) => [t, 0])) as Record<(typeof types)[number], number>;
    for (const level of levels) {
      const row = types.map((t) => counts.find((c) => c.level === level && c.object === t)?.count ?? 0);
      row.forEach((n, i) => (totals[types[i] as (typeof types)[number]] += n));
      io.out([level, ...row, row.reduce((a, b) => a + b, 0)].join('\t'));
    }
    const all = types.map((t) => totals[t]);
    io.out(['all', ...all, all.reduce((a, b) => a + b, 0)].join('\t'));
    return 0;
  });
}
