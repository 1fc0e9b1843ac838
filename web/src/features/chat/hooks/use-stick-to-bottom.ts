import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** How close to the bottom (in pixels) still counts as reading the newest message. */
const BOTTOM_SLACK_PX = 24;

/**
 * Keeps a scroller at its bottom while it is there and its size or content changes: the message box
 * growing line by line shrinks the list, a placeholder becomes an image. A creator who scrolled up
 * to read older messages is left where they are. Call `onScroll` from the scroller's scroll event.
 */
export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
) {
  const atBottom = useRef(true);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  }, [scroller]);

  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [scroller, content]);

  return onScroll;
}
