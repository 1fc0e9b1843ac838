import { Redirect } from 'wouter';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { GalleryScreen } from '../../features/thumbnails/components/gallery-screen';

/** '/gallery': the signed-in user's thumbnails; without a session, the app's start (sign-in). */
export function GalleryRoute() {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut') return <Redirect to={paths.home} replace />;
  return <GalleryScreen />;
}
