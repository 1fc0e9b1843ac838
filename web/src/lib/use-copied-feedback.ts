import { useEffect, useState } from 'react';
import { COPIED_FEEDBACK_MS } from '../config/constants';

/**
 * Whether something was just copied: true once `setCopied(true)` is called, false again after
 * `COPIED_FEEDBACK_MS` (a button reads 'Copied!' meanwhile).
 */
export function useCopiedFeedback() {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return [copied, setCopied] as const;
}
