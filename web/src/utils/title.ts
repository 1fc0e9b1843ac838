import { DEFAULT_CONVERSATION_TITLE, TITLE_MAX_LENGTH } from '../config/constants';

/** SPEC sections 4 and 9: the prompt's first 50 characters, with '...' when it was longer. */
export function titleFromPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  if (!text) return DEFAULT_CONVERSATION_TITLE;
  return text.length > TITLE_MAX_LENGTH ? `${text.slice(0, TITLE_MAX_LENGTH)}...` : text;
}
