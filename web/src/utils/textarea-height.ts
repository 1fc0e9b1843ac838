import { TEXTAREA_MAX_HEIGHT_PX } from '../config/constants';

/** The height a growing textarea should take: its content height, capped at 200 px. */
export function clampTextareaHeight(
  scrollHeight: number,
  max: number = TEXTAREA_MAX_HEIGHT_PX,
): { height: number; scrolls: boolean } {
  const height = Math.min(Math.max(0, Math.ceil(scrollHeight)), max);
  return { height, scrolls: scrollHeight > max };
}
