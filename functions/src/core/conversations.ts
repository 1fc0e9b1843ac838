import { DEFAULT_TITLE } from '@thumbnail-studio/contract';
import { drawableText } from './safe-text';

/** Titles are cut to this many characters. */
export const TITLE_LENGTH = 50;

/**
 * The prompt's first 50 characters, with an ellipsis when it was longer. Characters are
 * counted whole (an emoji is never cut in half), and ones that draw nothing are dropped.
 */
export function titleFromPrompt(prompt: string): string {
  const characters = Array.from(drawableText(prompt).trim().replace(/\s+/g, ' '));
  if (!characters.length) return DEFAULT_TITLE;
  const title = characters.slice(0, TITLE_LENGTH).join('');
  return characters.length > TITLE_LENGTH ? `${title}...` : title;
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
