import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from './use-media-query';

const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Sidebar state: open beside the chat on desktop; on mobile closed by default, sliding over
 * the chat with an overlay and closing on selection, a tap outside or Escape.
 */
export function useSidebar() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(isDesktop);

  useEffect(() => setOpen(isDesktop), [isDesktop]);

  useEffect(() => {
    if (isDesktop || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isDesktop, open]);

  const toggle = useCallback(() => setOpen((current) => !current), []);
  const close = useCallback(() => setOpen(false), []);
  const closeOnMobile = useCallback(() => {
    if (!isDesktop) setOpen(false);
  }, [isDesktop]);

  return { open, isDesktop, toggle, close, closeOnMobile };
}
