import { MAX_TITLE_IDEA_LENGTH, TITLE_IDEAS_COUNT } from '@thumbnail-studio/contract';
import type { TitleRequest } from './types';

/**
 * What the text model is told when asked for title ideas. Every provider sends this same text as
 * its system instruction; the fakes know a title request by its first line.
 */
export const TITLE_IDEAS_INSTRUCTIONS = [
  'You write YouTube video titles that go with a thumbnail.',
  `Write exactly ${TITLE_IDEAS_COUNT} different titles, one per line, with no numbering, quotes or other text.`,
  `Each title has at most ${MAX_TITLE_IDEA_LENGTH} characters.`,
  "A title must not repeat the thumbnail's own text: the two work together, each saying something the other does not.",
  "When the video's current title is given, start from it: keep its topic and promise, and make it more compelling.",
].join('\n');

/** The request as the text model reads it: the thumbnail's subject and text, and the video's title. */
export function titleIdeasMessage(request: TitleRequest): string {
  return [
    `The thumbnail shows: ${request.subject || 'no description'}`,
    request.thumbnailText.length > 0
      ? `The thumbnail's text (do not repeat it): ${request.thumbnailText.join(' / ')}`
      : 'The thumbnail has no text.',
    ...(request.videoTitle ? [`The video's current title: ${request.videoTitle}`] : []),
  ].join('\n');
}

/** Enough tokens for five short titles; the answer is cleaned and cut to size afterwards anyway. */
export const TITLE_IDEAS_MAX_TOKENS = 300;
/** Some variety: five titles alike would be worth one. */
export const TITLE_IDEAS_TEMPERATURE = 0.8;
