import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';

/** Sends the user back to the app after `delayMs` while `active`, with `state` as the history state. */
export function useRedirectHomeAfter(delayMs: number, active = true, state?: unknown) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true, state }), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, navigate, state]);
}
