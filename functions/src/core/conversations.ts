import { DEFAULT_TITLE, type MessageRole, TITLE_LENGTH } from '@thumbnail-studio/contract';
import { drawableText } from '@thumbnail-studio/providers';

export { TITLE_LENGTH };

/**
 * A title from any text: its first 50 characters, with an ellipsis when it was longer.
 * Characters are counted whole (an emoji is never cut in half), ones that draw nothing are
 * dropped and runs of spaces become one. Undefined when nothing is left.
 */
export function titleFromText(text: string): string | undefined {
  const characters = Array.from(drawableText(text).trim().replace(/\s+/g, ' '));
  if (!characters.length) return undefined;
  const title = characters.slice(0, TITLE_LENGTH).join('');
  return characters.length > TITLE_LENGTH ? `${title}...` : title;
}

/** The title a prompt gives its conversation; a prompt with nothing to show keeps the default. */
export const titleFromPrompt = (prompt: string): string => titleFromText(prompt) ?? DEFAULT_TITLE;

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

/**
 * How many of a conversation's first messages tell whether the user has written in it: the
 * greeting, then the first send's pair (the user's prompt and its answer, in either order).
 */
export const FIRST_MESSAGES_TO_CHECK = 3;

/**
 * A conversation nobody has used yet, so 'New Conversation' can open it again instead of making
 * another: it still has the default title and none of its first messages is the user's. A refused or unanswered prompt counts as
 * use, so a conversation with any message of the user's is never handed out as new.
 */
export function isUnusedConversation(
  conversation: { title: string },
  firstMessages: readonly { role: MessageRole }[],
): boolean {
  return conversation.title === DEFAULT_TITLE && firstMessages.every((message) => message.role !== 'user');
}
