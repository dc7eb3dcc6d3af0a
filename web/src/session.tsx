import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import type { UserReport } from '../../client/src/index.js';
import { api } from './api.js';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'unreachable' } | { status: 'signed-in'; user: UserReport['data'] };

interface SessionContext {
  session: SessionState;
  /** Reads GET /user again (after signing in, or a preference change). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const Context = createContext<SessionContext>({ session: { status: 'loading' }, refresh: async () => {}, signOut: async () => {} });

/** Who is signed in: the session cookie is HttpOnly, so GET /user is how the app finds out. */
export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const refresh = useCallback(async () => {
    try {
      const { data, response } = await api.GET('/user');
      if (data) setSession({ status: 'signed-in', user: data.data });
      else setSession(response.status === 401 ? { status: 'signed-out' } : { status: 'unreachable' });
    } catch {
      setSession({ status: 'unreachable' });
    }
  }, []);
  const signOut = useCallback(async () => {
    await api.DELETE('/session');
    setSession({ status: 'signed-out' });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <Context.Provider value={{ session, refresh, signOut }}>{children}</Context.Provider>;
}

export function useSession(): SessionContext {
  return useContext(Context);
}

/** The signed-in learner (only under a screen whose route is `signedIn`). */
export function useUser(): UserReport['data'] {
  const { session } = useSession();
  if (session.status !== 'signed-in') throw new Error('useUser outside a signed-in screen');
  return session.user;
}
