import { lazy, Suspense, useRef } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { useLaunch } from '../launch-context';
import { MainScreen } from './main-screen';

// Only a visitor without a session sees the sign-in form: its code loads then, not with the chat.
const AuthScreen = lazy(() =>
  import('../../features/auth/components/auth-screen').then((module) => ({ default: module.AuthScreen })),
);

/** '/': 'Loading...' while auth loads, the sign-in view without a user, else the app. */
export function MainRoute() {
  const { status } = useAuth();
  const { authMode, showLanding } = useLaunch();
  // After a sign-out the screen offers sign-in, whatever button opened the app first.
  const hadSession = useRef(false);
  if (status === 'signedIn') hadSession.current = true;

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AuthScreen initialMode={hadSession.current ? 'sign-in' : authMode} onBack={showLanding} />
      </Suspense>
    );
  }
  return <MainScreen />;
}
