/** Timings and sizes of the interface. */
export const REDIRECT_DELAY_MS = 3000;
export const COPIED_FEEDBACK_MS = 2000;
export const NEW_CONVERSATION_SEND_DELAY_MS = 100;
export const TEXTAREA_MAX_HEIGHT_PX = 200;
export const MIN_PASSWORD_LENGTH = 6;
