import { NUDGE_DECISIONS, type NudgeDecision } from '../domain/notifications.js';
import type { Deps } from '../services/deps.js';
import { claimNudges, nudgeCandidates, releaseNudge, withNudgeRunLock, type NudgeClaim } from '../services/nudges.js';
import { unsubscribeToken } from '../services/unsubscribe.js';
import type { TickLog } from './log.js';
import { nudgeMail } from './nudge-mail.js';
import { claimPage, collectIds, forEachPage, mapLimit, type PagePolicy } from './pages.js';
import type { MailTransport } from './transports/mail.js';

/** Learners claimed per transaction, and pages in flight. */
const PAGES: PagePolicy = { size: 100, concurrency: 4 };
/** Messages handed to the mail server at once, per page. */
const MAIL_CONCURRENCY = 2;

/**
 * Whether the run mails: `dry_run` when asked, `no_smtp` without SMTP_URL, `no_unsubscribe_secret`
 * without UNSUBSCRIBE_SECRET (a nudge never goes out without a working unsubscribe link). In every
 * mode but `send` the learners are decided and nothing is written.
 */
export const NUDGE_MODES = ['send', 'dry_run', 'no_smtp', 'no_unsubscribe_secret'] as const;
export type NudgeMode = (typeof NUDGE_MODES)[number];

export interface NudgeUserReport {
  userId: number;
  userUuid: string;
  decision: NudgeDecision;
  reviewsWaiting: number | null;
  oldestWaitingAt: number | null;
}

export interface NudgeRunReport {
  outcome: 'completed' | 'already_running';
  mode: NudgeMode;
  startedAt: number;
  finishedAt: number;
  counts: Record<NudgeDecision, number> & { users: number };
  users: NudgeUserReport[];
}

function modeOf(deps: Deps, mail: MailTransport | null, dryRun: boolean): NudgeMode {
  if (dryRun) return 'dry_run';
  if (mail === null) return 'no_smtp';
  if (deps.config.unsubscribeSecret === null) return 'no_unsubscribe_secret';
  return 'send';
}

interface Sender {
  mail: MailTransport;
  secret: string;
  log: TickLog | undefined;
}

async function sendNudge(deps: Deps, sender: Sender, claim: NudgeClaim, to: string): Promise<NudgeDecision> {
  const token = encodeURIComponent(unsubscribeToken(sender.secret, claim.userUuid));
  const { webAppUrl, publicBaseUrl } = deps.config;
  try {
    await sender.mail.send(
      nudgeMail({
        to,
        username: claim.username,
        reviewsWaiting: claim.reviewsWaiting ?? 0,
        oldestWaitingAt: claim.oldestWaitingAt ?? claim.claimedAt,
        now: claim.claimedAt,
        reviewsUrl: `${webAppUrl}/reviews`,
        unsubscribePageUrl: `${webAppUrl}/unsubscribe?token=${token}`,
        oneClickUrl: `${publicBaseUrl}/unsubscribe?token=${token}`,
      }),
    );
    return 'sent';
  } catch (error) {
    sender.log?.warn({ err: error, userId: claim.userId }, 'nudge email not sent');
    await releaseNudge(deps, claim);
    return 'failed';
  }
}

/**
 * The daily nudge run (see docs/decisions.md, Nudge emails): every learner is decided through the same gates whatever the mode;
 * only in `send` mode is a nudge claimed and mailed. A failed email is reported `failed`, its
 * claim given back, and the run goes on.
 */
export async function runNudgeTick(
  deps: Deps,
  mail: MailTransport | null,
  options: { dryRun: boolean; log?: TickLog },
): Promise<NudgeRunReport> {
  const startedAt = deps.clock.now();
  const mode = modeOf(deps, mail, options.dryRun);
  const secret = deps.config.unsubscribeSecret;
  const sender = mode === 'send' && mail !== null && secret !== null ? { mail, secret, log: options.log } : null;
  const counts = { ...(Object.fromEntries(NUDGE_DECISIONS.map((d) => [d, 0])) as Record<NudgeDecision, number>), users: 0 };
  const users: NudgeUserReport[] = [];

  const unreadable = (userId: number, error: unknown) => {
    options.log?.warn({ err: error, userId }, 'nudge claim failed');
    counts.failed += 1;
    counts.users += 1;
  };

  const ran = await withNudgeRunLock(deps, async () => {
    await forEachPage(await collectIds((after, limit) => nudgeCandidates(deps, after, limit)), PAGES, async (page) => {
      const claims = await claimPage(page, (ids) => claimNudges(deps, ids, { record: sender !== null, now: startedAt }), unreadable);
      const decisions = await mapLimit(claims, MAIL_CONCURRENCY, async (claim) =>
        claim.decision === 'sent' && sender !== null && claim.email !== null ? sendNudge(deps, sender, claim, claim.email) : claim.decision,
      );
      claims.forEach((claim, i) => {
        const decision = decisions[i] ?? claim.decision;
        counts[decision] += 1;
        counts.users += 1;
        users.push({
          userId: claim.userId,
          userUuid: claim.userUuid,
          decision,
          reviewsWaiting: claim.reviewsWaiting,
          oldestWaitingAt: claim.oldestWaitingAt,
        });
      });
    });
    return true;
  });
  users.sort((a, b) => a.userId - b.userId);
  return { outcome: ran === null ? 'already_running' : 'completed', mode, startedAt, finishedAt: deps.clock.now(), counts, users };
}
