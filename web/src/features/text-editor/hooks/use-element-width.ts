import { type RefCallback, useCallback, useState } from 'react';

/** An element's width in CSS pixels, kept current as it resizes (0 until it is laid out). */
export function useElementWidth<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback<RefCallback<E>>((element) => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
