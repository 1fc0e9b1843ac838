import type { ChatTurn, Classification, ImageProvider } from './types';

/**
 * What the classifier model is told: changing an earlier image or using a
 * video link or thumbnail as reference is an edit, a wholly new image is not.
 * Every provider sends this same text as its system instruction.
 */
export const CLASSIFIER_INSTRUCTIONS = [
  'You classify the newest message of a chat with a YouTube thumbnail generator.',
  'Answer with exactly one word: IMAGE_EDIT or NEW_IMAGE.',
  'Rules:',
  '- If the user asks to modify or change a previous image, answer IMAGE_EDIT.',
  '- If the message contains a video link or refers to a thumbnail as a reference, answer IMAGE_EDIT.',
  '- If the user wants a wholly new image with no reference to an earlier image, answer NEW_IMAGE.',
  'Answer with one word only, no punctuation.',
].join('\n');

/** A turn's text as the classifier model reads it; images are noted, since it only sees text. */
export const classifierText = (turn: ChatTurn): string =>
  turn.hasImages ? `${turn.text}\n[This message has an image.]` : turn.text;

/** History turns worth sending: empty ones are refused by some providers and say nothing. */
export const classifierHistory = (history: ChatTurn[]): ChatTurn[] =>
  history.filter((turn) => turn.text.trim().length > 0 || turn.hasImages);

/** Reads the model's answer: exactly the word IMAGE_EDIT (any case, trimmed) is an edit. */
export function normalizeClassification(answer: string): Classification {
  return answer.trim().toUpperCase() === 'IMAGE_EDIT' ? 'IMAGE_EDIT' : 'NEW_IMAGE';
}

/**
 * Decides whether a message edits an earlier image or asks for a new one.
 * When the second-to-last message of the history carries images, it is an
 * edit without asking a model; otherwise the provider's small text model
 * answers. Any other answer, a failure or no provider means NEW_IMAGE; a
 * failure goes to `onFailure`, to be logged.
 */
export async function classifyRequest(
  history: ChatTurn[],
  message: string,
  provider: Pick<ImageProvider, 'classify'> | undefined,
  onFailure: (error: unknown) => void = () => {},
): Promise<Classification> {
  if (history.at(-2)?.hasImages) return 'IMAGE_EDIT';
  if (!provider) return 'NEW_IMAGE';
  try {
    return normalizeClassification(await provider.classify(history, message));
  } catch (error) {
    onFailure(error);
    return 'NEW_IMAGE';
  }
}

/**
 * `classifyRequest`, for a request that `canEdit` (it chose an image, or its context holds one).
 * One that cannot is a new image whatever a model would answer, so none is asked: a
 * conversation's first image goes straight to the provider.
 */
export function classifyIfEditable(
  canEdit: boolean,
  ...request: Parameters<typeof classifyRequest>
): Promise<Classification> {
  return canEdit ? classifyRequest(...request) : Promise.resolve('NEW_IMAGE');
}
