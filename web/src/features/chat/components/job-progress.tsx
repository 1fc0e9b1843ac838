import { PHASE_TEXT, timeLeft } from '@thumbnail-studio/contract';
import { useEffect, useState } from 'react';
import type { ViewMessage } from '../../../lib/to-view-message';
import { useKnownProviders } from '../api/get-providers';
import { LoadingDots } from './loading-dots';

/** The clock, moved on every `intervalMs` while the component is shown. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * A running job's phase ('Generating your image...') and, under it, the time left by its
 * provider's recent jobs, counting down each second ('About 25 s left', then 'Almost done…', or
 * 'Taking longer than usual…' past the slowest usual jobs). Without enough recent jobs, only the
 * phase.
 */
export function JobProgress({
  message,
}: {
  message: Pick<ViewMessage, 'content' | 'createdAt' | 'startedAt' | 'provider'>;
}) {
  const now = useNow(1000);
  const timing = useKnownProviders()?.providers.find((provider) => provider.id === message.provider)?.timing;
  const left = timeLeft({ created_at: message.createdAt, started_at: message.startedAt }, timing, now);
  return (
    <span className="flex flex-col gap-0.5">
      <LoadingDots text={message.content || PHASE_TEXT.queued} />
      {left && (
        <span data-testid="time-left" className="text-sm text-zinc-400">
          {left}
        </span>
      )}
    </span>
  );
}
