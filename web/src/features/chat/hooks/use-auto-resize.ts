import { type RefObject, useLayoutEffect } from 'react';
import { clampTextareaHeight } from '../../../utils/textarea-height';

/** Grows a textarea with its content up to 200 px, then lets it scroll. */
export function useAutoResize(ref: RefObject<HTMLTextAreaElement | null>, value: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height must follow every change of value
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const { height, scrolls } = clampTextareaHeight(textarea.scrollHeight);
    textarea.style.height = `${height}px`;
    textarea.style.overflowY = scrolls ? 'auto' : 'hidden';
  }, [ref, value]);
}
