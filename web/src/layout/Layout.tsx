import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { ROUTES } from '../routes.js';
import { useSession } from '../session.js';

/** The frame of every screen: a skip link, the menu (when signed in), and the main region. */
export function Layout({ children }: { children: ComponentChildren }) {
  const { session, signOut } = useSession();
  const { path, route } = useLocation();
  const signedIn = session.status === 'signed-in';
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top-bar">
        <a class="brand" href="/" aria-label="Study home">
          学 <span>Study</span>
        </a>
        {signedIn && (
          <nav aria-label="Main">
            <ul>
              {ROUTES.filter((r) => r.nav !== undefined).map((r) => (
                <li key={r.path}>
                  <a href={r.path} aria-current={path === r.path ? 'page' : undefined}>
                    {r.nav}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {signedIn && (
          <button
            type="button"
            class="link-button"
            onClick={async () => {
              await signOut();
              route('/sign-in');
            }}
          >
            Sign out
          </button>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
