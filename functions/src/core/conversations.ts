/** Conversation rules of SPEC sections 1, 3, 4 and 9. Pure functions only. */

export const DEFAULT_TITLE = 'New Conversation';
export const TITLE_LENGTH = 50;

/** The assistant's greeting that opens every new conversation (SPEC section 1). */
export const GREETING =
  "Hi! I'm your YouTube thumbnail generator. I can create high-quality images from detailed descriptions. " +
  'Describe the thumbnail you want, attach reference images, or paste a YouTube link to get started.';

/** The prompt's first 50 characters, with an ellipsis when it was longer. */
export function titleFromPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH)}...` : text || DEFAULT_TITLE;
}
