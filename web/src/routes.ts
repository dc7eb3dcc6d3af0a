import { lazy } from 'preact-iso';
import type { ComponentType } from 'preact';

/**
 * Every screen of the app: one file under screens/, loaded on first visit (the first page stays
 * small). To add a screen, add its file and one entry here; `nav` puts it in the menu.
 */
export interface ScreenRoute {
  path: string;
  title: string;
  /** Shown only to a signed-in learner (others are sent to the sign-in page). */
  signedIn: boolean;
  /** Label in the navigation menu, if it has one. */
  nav?: string;
  screen: ComponentType;
}

export const ROUTES: ScreenRoute[] = [
  { path: '/', title: 'Home', signedIn: true, nav: 'Home', screen: lazy(() => import('./screens/Home.js')) },
  { path: '/lessons', title: 'Lessons', signedIn: true, nav: 'Lessons', screen: lazy(() => import('./screens/Lessons.js')) },
  { path: '/reviews', title: 'Reviews', signedIn: true, nav: 'Reviews', screen: lazy(() => import('./screens/Reviews.js')) },
  { path: '/sign-in', title: 'Sign in', signedIn: false, screen: lazy(() => import('./screens/SignIn.js')) },
  { path: '/unsubscribe', title: 'Reminder emails', signedIn: false, screen: lazy(() => import('./screens/Unsubscribe.js')) },
];

export const NOT_FOUND: ScreenRoute = {
  path: '*',
  title: 'Not found',
  signedIn: false,
  screen: lazy(() => import('./screens/NotFound.js')),
};
