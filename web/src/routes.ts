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
  { path: '/extra-study', title: 'Extra study', signedIn: true, nav: 'Extra study', screen: lazy(() => import('./screens/ExtraStudy.js')) },
  { path: '/extra-study/:kind', title: 'Extra study', signedIn: true, screen: lazy(() => import('./screens/ExtraStudy.js')) },
  { path: '/statistics', title: 'Statistics', signedIn: true, nav: 'Statistics', screen: lazy(() => import('./screens/Statistics.js')) },
  { path: '/search', title: 'Search', signedIn: true, nav: 'Search', screen: lazy(() => import('./screens/Search.js')) },
  { path: '/settings', title: 'Settings', signedIn: true, nav: 'Settings', screen: lazy(() => import('./screens/Settings.js')) },
  { path: '/item-spread', title: 'Item spread', signedIn: true, screen: lazy(() => import('./screens/ItemSpread.js')) },
  { path: '/burn-manager', title: 'Burn manager', signedIn: true, screen: lazy(() => import('./screens/BurnManager.js')) },
  { path: '/advance', title: 'Unlock more lessons', signedIn: true, screen: lazy(() => import('./screens/Advance.js')) },
  { path: '/subjects/:id', title: 'Subject', signedIn: true, screen: lazy(() => import('./screens/Subject.js')) },
  { path: '/sign-in', title: 'Sign in', signedIn: false, screen: lazy(() => import('./screens/SignIn.js')) },
  { path: '/unsubscribe', title: 'Reminder emails', signedIn: false, screen: lazy(() => import('./screens/Unsubscribe.js')) },
];

export const NOT_FOUND: ScreenRoute = {
  path: '*',
  title: 'Not found',
  signedIn: false,
  screen: lazy(() => import('./screens/NotFound.js')),
};
