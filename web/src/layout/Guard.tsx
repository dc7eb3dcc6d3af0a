import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import type { ScreenRoute } from '../routes.js';
import { useSession } from '../session.js';

/** Shows a route's screen, or sends a signed-out learner to the sign-in page; sets the page title. */
export function Guard({ route }: { route: ScreenRoute }) {
  const { session } = useSession();
  const location = useLocation();
  const mustSignIn = route.signedIn && session.status === 'signed-out';
  useEffect(() => {
    document.title = `${route.title} · Study`;
  }, [route.title]);
  useEffect(() => {
    if (mustSignIn) location.route('/sign-in', true);
  }, [mustSignIn]);

  if (route.signedIn && session.status === 'loading') return <p role="status">Loading…</p>;
  if (route.signedIn && session.status === 'unreachable') {
    return (
      <p role="alert" class="notice">
        The server cannot be reached. Check your connection and reload the page.
      </p>
    );
  }
  if (mustSignIn) return null;
  const Screen = route.screen;
  return <Screen />;
}
