import { useEffect, useState } from 'react';
import { FailureScreen } from '../components/ui/failure-screen';
import { LoadingScreen } from '../components/ui/loading-screen';
import { loadRuntimeConfig } from '../config/runtime-config';
import { configureAuth } from '../features/auth/api/configure-auth';
import { errorMessage } from '../lib/api-error';
import { type Launch, LaunchContext } from './launch-context';
import { AppProviders } from './providers';
import { AppRouter } from './router';

let booting: Promise<void> | undefined;

/** Loads `/config.json` and configures Amplify, once per page load. */
const bootstrap = () => {
  booting ??= loadRuntimeConfig().then(configureAuth);
  return booting;
};

type BootState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/** The lazily loaded application: config, providers and routes. */
export default function App(launch: Launch) {
  const [boot, setBoot] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    bootstrap().then(
      () => setBoot({ status: 'ready' }),
      (error: unknown) => {
        console.error(error);
        setBoot({ status: 'failed', message: errorMessage(error) });
      },
    );
  }, []);

  if (boot.status === 'loading') return <LoadingScreen />;
  if (boot.status === 'failed')
    return <FailureScreen title="Thumbnail Studio could not start" message={boot.message} />;
  return (
    <LaunchContext.Provider value={launch}>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </LaunchContext.Provider>
  );
}
