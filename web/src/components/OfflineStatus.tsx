import { useEffect, useState } from 'preact/hooks';
import type { DeadReview } from '../../../client/src/index.js';
import { reviewQueue } from '../api.js';

/** How often answers waiting for the server are retried while the page is open. */
export const RETRY_INTERVAL_MS = 5_000;

/**
 * Answers kept while the server was unreachable: sends them (in order) now, when the browser comes
 * back online, and every few seconds; lists those the server refused for good.
 */
export function OfflineStatus({ onFlushed }: { onFlushed?: () => void }) {
  const [waiting, setWaiting] = useState(0);
  const [failed, setFailed] = useState<DeadReview[]>([]);

  useEffect(() => {
    let stopped = false;
    const flush = async () => {
      const report = await reviewQueue.flush();
      if (stopped) return;
      setWaiting((await reviewQueue.waiting()).length);
      setFailed(await reviewQueue.failed());
      if (report.sent > 0) onFlushed?.();
    };
    void flush();
    const timer = setInterval(flush, RETRY_INTERVAL_MS);
    window.addEventListener('online', flush);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, []);

  if (waiting === 0 && failed.length === 0) return null;
  return (
    <div class="offline-status">
      {waiting > 0 && (
        <p role="status" class="notice">
          {waiting} {waiting === 1 ? 'answer is' : 'answers are'} waiting to be sent. They are kept on this device and sent when the server
          can be reached.
        </p>
      )}
      {failed.length > 0 && (
        <div role="alert" class="notice warn">
          <p>
            {failed.length} {failed.length === 1 ? 'answer' : 'answers'} could not be sent:
          </p>
          <ul>
            {failed.map((entry) => (
              <li key={entry.id}>
                Review of item {entry.answer.assignment_id} answered {new Date(entry.answer.created_at).toLocaleString()}:{' '}
                {entry.error || `refused (${entry.status})`}{' '}
                <button
                  type="button"
                  class="link-button"
                  onClick={async () => {
                    await reviewQueue.dismiss(entry.id);
                    setFailed(await reviewQueue.failed());
                  }}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
