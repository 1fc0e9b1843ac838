import { useRef } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { useLaunch } from '../launch-context';
import { MainScreen } from './main-screen';

/** '/': 'Loading...' while auth loads, the sign-in view without a user, else the app. */
export function MainRoute() {
  const { status } = useAuth();
  const { authMode, showLanding } = useLaunch();
  // After a sign-out the screen offers sign-in, whatever button opened the app first.
  const hadSession = useRef(false);
  if (status === 'signedIn') hadSession.current = true;

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') {
    return <AuthScreen initialMode={hadSession.current ? 'sign-in' : authMode} onBack={showLanding} />;
  }
  return <MainScreen />;
}
