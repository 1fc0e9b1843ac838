import { Spinner } from './spinner';

/** Full-screen 'Loading...' state shown while code or the session loads. */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 text-zinc-300">
      <Spinner className="size-8 text-accent-400" />
      <p>Loading...</p>
    </div>
  );
}
