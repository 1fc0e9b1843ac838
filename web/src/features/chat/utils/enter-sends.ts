/** Phones and tablets: no hover and a coarse pointer mean an on-screen keyboard. */
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/** Whether the device types on an on-screen keyboard, where Enter is the only way to a new line. */
export const typesOnTouchKeyboard = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches;

interface EnterKey {
  key: string;
  shiftKey: boolean;
  /** An input method is composing (e.g. Japanese): Enter picks its candidate. */
  isComposing: boolean;
}

/**
 * Whether a key press in the message box sends it: Enter sends and Shift+Enter adds a line, but on a
 * touch keyboard Enter adds a line and the send button sends; never while an input method composes.
 */
export function enterSends({ key, shiftKey, isComposing }: EnterKey, onTouchKeyboard: boolean): boolean {
  return key === 'Enter' && !shiftKey && !isComposing && !onTouchKeyboard;
}
