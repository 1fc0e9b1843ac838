import { DEFAULT_TITLE } from '@thumbnail-studio/contract';

/** Titles are cut to this many characters. */
export const TITLE_LENGTH = 50;

/** The prompt's first 50 characters, with an ellipsis when it was longer. */
export function titleFromPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH)}...` : text || DEFAULT_TITLE;
}

/**
 * The title a conversation takes once a job answered: after the first
 * exchange, an untitled conversation is named after its prompt; otherwise it
 * keeps its title (undefined).
 */
export function titleAfterAnswer(input: {
  currentTitle: string;
  userMessagesSoFar: number;
  prompt: string;
}): string | undefined {
  if (input.userMessagesSoFar !== 1 || input.currentTitle !== DEFAULT_TITLE) return undefined;
  return titleFromPrompt(input.prompt);
}
