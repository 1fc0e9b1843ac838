import { type RefObject, useLayoutEffect } from 'react';

/** The CSS variable the toaster's top offset reads: where the header ends, in pixels from the top. */
export const HEADER_BOTTOM_VAR = '--header-bottom';

/**
 * Publishes where the header ends (it wraps to two rows on phones), so toasts show below it and never
 * cover its controls. Screens without the header leave the toaster at its default offset.
 */
export function useToastClearance(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(HEADER_BOTTOM_VAR, `${element.getBoundingClientRect().bottom}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_BOTTOM_VAR);
    };
  }, [header]);
}
