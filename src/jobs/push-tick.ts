import { PUSH_DECISIONS, type PushDecision } from '../domain/notifications.js';
import { chunks } from '../shared/chunks.js';
import type { Deps } from '../services/deps.js';
import { claimPushes, pushCandidates, settlePush, withPushRunLock, type PushClaim, type PushSettlement } from '../services/push.js';
import type { TickLog } from './log.js';
import { claimPage, collectIds, forEachPage, type PagePolicy } from './pages.js';
import { checkPushReceipts } from './push-receipts.js';
import { PUSH_BATCH_SIZE, type PushMessage, type PushTransport } from './transports/push.js';

/** Learners claimed per transaction, and pages in flight (each sends its own announcements). */
const PAGES: PagePolicy = { size: 100, concurrency: 4 };

export interface PushUserReport {
  userId: number;
  userUuid: string;
  decision: PushDecision;
  devices: number;
  reviews: number | null;
  lessons: number | null;
  /** The baseline after the run (what it would be, in a dry run). */
  baseline: number;
}

/** The counts a run reports beside one per decision (see PushRunReport.counts). */
export const PUSH_RUN_COUNTS = [
  'users',
  'messages',
  'delivered',
  'tokens_revoked',
  'receipts_checked',
  'receipts_pending',
  'tickets_expired',
] as const;
export type PushRunCount = (typeof PUSH_RUN_COUNTS)[number];

export interface PushRunReport {
  /** `already_running` when another run held the lock; `no_devices` when nobody has an active device. */
  outcome: 'completed' | 'no_devices' | 'already_running';
  dryRun: boolean;
  startedAt: number;
  finishedAt: number;
  /**
   * Per decision, and: `messages` sent and `delivered` (accepted by the provider); `tokens_revoked`
   * by a DeviceNotRegistered answer, at once or in a receipt; `receipts_checked` (tickets whose
   * receipt came back and were cleared), `receipts_pending` (asked about, no receipt yet or the
   * provider unreachable: asked again next run), `tickets_expired` (too old to ask, dropped). A dry
   * run reads no receipts.
   */
  counts: Record<PushDecision | PushRunCount, number>;
  users: PushUserReport[];
}

interface Delivered {
  claim: PushClaim;
  accepted: number;
  unregistered: number;
}

/** Sends a page's announcements in provider-sized batches and records the answers. */
async function deliver(
  deps: Deps,
  transport: PushTransport,
  claims: PushClaim[],
  claimedAt: number,
): Promise<{ delivered: Delivered[]; revoked: number }> {
  const sends: { message: PushMessage; owner: Delivered }[] = [];
  const delivered = claims.map((claim) => ({ claim, accepted: 0, unregistered: 0 }));
  for (const owner of delivered) {
    const content = owner.claim.content;
    if (content === null) continue;
    for (const to of owner.claim.devices) {
      sends.push({
        owner,
        message: { to, title: content.title, body: content.body, badge: content.badge, sound: 'default', data: { url: content.url } },
      });
    }
  }
  const unregistered: string[] = [];
  const accepted: PushSettlement['accepted'] = [];
  await Promise.all(
    chunks(sends, PUSH_BATCH_SIZE).map(async (batch) => {
      const tickets = await transport.send(batch.map((s) => s.message));
      tickets.forEach((ticket, i) => {
        const send = batch[i];
        if (!send) return;
        if (ticket.status === 'ok') {
          send.owner.accepted += 1;
          if (ticket.receiptId !== null) accepted.push({ token: send.message.to, ticketId: ticket.receiptId });
        }
        if (ticket.status === 'device_not_registered') {
          send.owner.unregistered += 1;
          unregistered.push(send.message.to);
        }
      });
    }),
  );
  const undelivered = delivered.filter((d) => d.accepted === 0).map((d) => d.claim);
  const nothingToRecord = unregistered.length + undelivered.length + accepted.length === 0;
  const revoked = nothingToRecord ? 0 : await settlePush(deps, { unregistered, undelivered, accepted, claimedAt });
  return { delivered, revoked };
}

/** `sent` once any device accepted; `no_devices` when every device turned out unregistered; else `failed`. */
function finalDecision(d: Delivered): PushDecision {
  if (d.accepted > 0) return 'sent';
  return d.unregistered === d.claim.devices.length ? 'no_devices' : 'failed';
}

function emptyCounts(): PushRunReport['counts'] {
  return Object.fromEntries([...PUSH_DECISIONS, ...PUSH_RUN_COUNTS].map((k) => [k, 0])) as PushRunReport['counts'];
}

/**
 * The hourly push run (see docs/decisions.md, Push notifications): every learner who registered a device is decided through the same
 * path, dry run or not; a dry run writes and sends nothing. One learner's failure is reported as
 * `failed` (or only counted, when the learner could not even be read) and never stops the others.
 * A real run first reads the receipts of earlier sends, so a device the provider reported gone is
 * revoked before this run's announcements; that pass never fails the run.
 */
export async function runPushTick(
  deps: Deps,
  transport: PushTransport,
  options: { dryRun: boolean; log?: TickLog },
): Promise<PushRunReport> {
  const startedAt = deps.clock.now();
  const counts = emptyCounts();
  const users: PushUserReport[] = [];
  const record = (claim: PushClaim, decision: PushDecision, baseline = claim.baselineAfter) => {
    counts[decision] += 1;
    counts.users += 1;
    users.push({
      userId: claim.userId,
      userUuid: claim.userUuid,
      decision,
      devices: claim.devices.length,
      reviews: claim.reviews,
      lessons: claim.lessons,
      baseline,
    });
  };
  const unreadable = (userId: number, error: unknown) => {
    options.log?.warn({ err: error, userId }, 'push claim failed');
    counts.failed += 1;
    counts.users += 1;
  };

  const ran = await withPushRunLock(deps, async () => {
    if (!options.dryRun) {
      const receipts = await checkPushReceipts(deps, transport, startedAt, options.log);
      counts.receipts_checked = receipts.checked;
      counts.receipts_pending = receipts.pending;
      counts.tickets_expired = receipts.expired;
      counts.tokens_revoked += receipts.revoked;
    }
    let anyDevice = false;
    await forEachPage(await collectIds((after, limit) => pushCandidates(deps, after, limit)), PAGES, async (page) => {
      const claims = await claimPage(page, (ids) => claimPushes(deps, ids, { dryRun: options.dryRun, now: startedAt }), unreadable);
      anyDevice ||= claims.some((c) => c.devices.length > 0);
      const toSend = options.dryRun ? [] : claims.filter((c) => c.decision === 'sent');
      for (const claim of claims) if (!toSend.includes(claim)) record(claim, claim.decision);
      try {
        const { delivered, revoked } = await deliver(deps, transport, toSend, startedAt);
        counts.tokens_revoked += revoked;
        for (const d of delivered) {
          counts.messages += d.claim.devices.length;
          counts.delivered += d.accepted;
          const decision = finalDecision(d);
          record(d.claim, decision, decision === 'sent' ? d.claim.baselineAfter : d.claim.baselineBefore);
        }
      } catch (error) {
        options.log?.warn({ err: error }, 'push delivery failed');
        for (const claim of toSend) record(claim, 'failed', claim.baselineBefore);
      }
    });
    return anyDevice;
  });
  users.sort((a, b) => a.userId - b.userId);
  const outcome = ran === null ? 'already_running' : ran ? 'completed' : 'no_devices';
  return { outcome, dryRun: options.dryRun, startedAt, finishedAt: deps.clock.now(), counts, users };
}
