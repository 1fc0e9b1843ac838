import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** Sends the user back to the app after `delayMs` while `active`. */
export function useRedirectHomeAfter(delayMs: number, active = true) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, navigate]);
}
