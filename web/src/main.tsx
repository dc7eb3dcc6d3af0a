import { render } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router } from 'preact-iso';
import { Layout } from './layout/Layout.js';
import { Guard } from './layout/Guard.js';
import { NOT_FOUND, ROUTES } from './routes.js';
import { SessionProvider } from './session.js';
import './styles.css';

// Built once: a route's component must keep its identity across renders.
const screens = [...ROUTES, NOT_FOUND].map((route) => ({ route, Screen: () => <Guard route={route} /> }));

function App() {
  return (
    <LocationProvider>
      <SessionProvider>
        <Layout>
          <ErrorBoundary>
            <Router>
              {screens.map(({ route, Screen }) =>
                route === NOT_FOUND ? (
                  <Route key="*" default component={Screen} />
                ) : (
                  <Route key={route.path} path={route.path} component={Screen} />
                ),
              )}
            </Router>
          </ErrorBoundary>
        </Layout>
      </SessionProvider>
    </LocationProvider>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
