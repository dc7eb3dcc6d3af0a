import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../api.js';

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'unreachable' };

/**
 * The page an email's unsubscribe link opens. Opening it changes nothing (mail scanners open links
 * unbidden); the learner's click posts the link's token to POST /unsubscribe.
 */
export default function Unsubscribe() {
  const { query } = useLocation();
  const token = query.token ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const confirm = async () => {
    setOutcome({ kind: 'busy' });
    try {
      const { data } = await api.POST('/unsubscribe', { body: { token } });
      setOutcome(data ? { kind: 'done' } : { kind: 'invalid' });
    } catch {
      setOutcome({ kind: 'unreachable' });
    }
  };

  return (
    <section class="narrow">
      <h1>Reminder emails</h1>
      {token === '' ? (
        <p role="alert" class="notice warn">
          This page needs the link from a reminder email. Open the link in the email again.
        </p>
      ) : outcome.kind === 'done' ? (
        <p role="status" class="notice ok">
          You are unsubscribed. No more reminder emails will be sent to you.
        </p>
      ) : (
        <>
          <p>Stop the emails that remind you of reviews waiting?</p>
          <button type="button" class="primary" onClick={confirm} disabled={outcome.kind === 'busy'}>
            Unsubscribe from reminder emails
          </button>
          {outcome.kind === 'invalid' && (
            <p role="alert" class="notice warn">
              This unsubscribe link is not valid. Open the link from the most recent email.
            </p>
          )}
          {outcome.kind === 'unreachable' && (
            <p role="alert" class="notice warn">
              The server cannot be reached. Try again in a moment.
            </p>
          )}
        </>
      )}
    </section>
  );
}
