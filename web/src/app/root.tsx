import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { FailureScreen } from '../components/ui/failure-screen';
import { LoadingScreen } from '../components/ui/loading-screen';
import { paths } from '../config/paths';
import { LandingPage } from '../features/landing/components/landing-page';
import type { StartMode } from '../features/landing/types';
import { mayHaveStoredSession } from '../utils/stored-session';

// Everything behind the landing page (Amplify, React Query, router, chat) is a separate chunk.
const loadApp = () => import('./app');
const App = lazy(loadApp);

export type View = { kind: 'landing' } | { kind: 'app'; authMode: StartMode };

/** The landing page at `/` without a stored session; src/start-view.js applies the same rule. */
export function initialView(): View {
  const onAppRoute = window.location.pathname !== paths.home;
  const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
  return onAppRoute || mayHaveStoredSession(storage)
    ? { kind: 'app', authMode: 'sign-in' }
    : { kind: 'landing' };
}

const prefetchApp = () => {
  void loadApp().catch(() => {
    // A failed prefetch is retried by the real load.
  });
};

/** The entry component: the landing page at once, the app only once it is needed. */
export function Root() {
  const [view, setView] = useState<View>(initialView);

  if (view.kind === 'landing') {
    return (
      <LandingPage onStart={(authMode) => setView({ kind: 'app', authMode })} onPrefetch={prefetchApp} />
    );
  }
  return (
    <ErrorBoundary
      fallback={() => (
        <FailureScreen
          title="Something went wrong"
          message="The app could not be loaded. Check your connection."
        />
      )}
    >
      <Suspense fallback={<LoadingScreen />}>
        <App authMode={view.authMode} showLanding={() => setView({ kind: 'landing' })} />
      </Suspense>
    </ErrorBoundary>
  );
}
