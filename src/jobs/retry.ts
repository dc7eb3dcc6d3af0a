import { setTimeout as sleep } from 'node:timers/promises';

/** How often, and how patiently, an outbound call is tried again. */
export interface RetryPolicy {
  readonly attempts: number;
  /** The wait before the second attempt; it doubles before each later one. */
  readonly baseDelayMs: number;
}

/** A failure worth another attempt (a 5xx, a 429, a dropped connection); anything else is final. */
export class TransientError extends Error {}

/** Runs `attempt` until it succeeds, fails for good, or the policy's attempts are spent. */
export async function retrying<T>(policy: RetryPolicy, attempt: () => Promise<T>, isTransient: (error: unknown) => boolean): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= policy.attempts || !isTransient(error)) throw error;
      await sleep(policy.baseDelayMs * 2 ** (n - 1));
    }
  }
}
