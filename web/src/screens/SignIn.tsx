import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, errorText } from '../api.js';
import { useSession } from '../session.js';

/** Sign-in: a one-time link from the server's console, or an API token exchanged for the session cookie. */
export default function SignIn() {
  const { query, route } = useLocation();
  const { refresh } = useSession();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { error: failed, response } = await api.POST('/session', { body: { token: token.trim() } });
      if (failed) {
        setError(response.status === 401 ? 'That token was not accepted. Check it and try again.' : errorText(failed));
        return;
      }
      // The token was exchanged for an HttpOnly cookie; it is not kept anywhere in the page.
      setToken('');
      await refresh();
      route('/');
    } catch {
      setError('The server cannot be reached. Try again in a moment.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="narrow">
      <h1>Sign in</h1>
      {query.link === 'invalid' && (
        <p role="alert" class="notice warn">
          That sign-in link has expired or was already used. Ask for a new one, or sign in with a token below.
        </p>
      )}
      <p>
        The quickest way in is a sign-in link. Whoever runs this server can print one with{' '}
        <code>npx study-service login-link your-name</code>; it works once, for 15 minutes.
      </p>
      <form onSubmit={submit} class="stack">
        <label for="api-token">API token</label>
        <input
          id="api-token"
          name="api-token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
        />
        <p class="hint">The token is exchanged for a session of this browser and is not stored here.</p>
        {error && (
          <p role="alert" class="notice warn">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
