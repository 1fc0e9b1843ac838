import type { ChatTurn, Classification, ImageProvider } from '../providers/types';

/**
 * What the classifier model is told (SPEC section 4's rules). Every provider
 * sends this same text as its system instruction.
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
 * Decides whether a message edits an earlier image or asks for a new one
 * (SPEC section 4). The second-to-last history message carrying images means
 * IMAGE_EDIT without asking a model; otherwise the provider's small text
 * model answers. Any other answer, a failure or no provider means NEW_IMAGE.
 */
export async function classifyRequest(
  history: ChatTurn[],
  message: string,
  provider: Pick<ImageProvider, 'classify'> | undefined,
): Promise<Classification> {
  if (history.at(-2)?.hasImages) return 'IMAGE_EDIT';
  if (!provider) return 'NEW_IMAGE';
  try {
    return normalizeClassification(await provider.classify(history, message));
  } catch (error) {
    // SPEC section 8: a classifier failure is logged and treated as a new image.
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'classifier failed; treating the request as a new image',
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return 'NEW_IMAGE';
  }
}
