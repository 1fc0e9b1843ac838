import { type Composition, composeThumbnail } from './local-compose';
import { sleep } from './sleep';
import type { ChatTurn, Classification, GenerationResult, ImageData, ImageProvider, Person } from './types';

/** The offline compositor's name, stored as the result's model. */
export const LOCAL_MODEL = 'local-compositor';

/** Text in straight, curly or angle quotes: the words the user wants on the thumbnail. */
const QUOTED = /"([^"]+)"|“([^”]+)”|«([^»]+)»/g;

/** The prompt's quoted text ('like "THIS"'), joined when there are several; undefined when none. */
export function quotedText(prompt: string): string | undefined {
  const parts = [...prompt.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

const EDIT_VERB =
  /\b(make|change|edit|add|remove|delete|replace|turn|put|swap|move|adjust|fix|update|recolou?r|crop|zoom|brighten|darken|increase|decrease|keep|use)\b/i;
const PREVIOUS_IMAGE = /\b(it|its|this|that|the (image|picture|thumbnail|photo|background|text|title))\b/i;
const COMPARATIVE =
  /\b(brighter|darker|bigger|smaller|larger|bolder|sharper|warmer|cooler|more|less|instead|again)\b/i;

/**
 * Offline stand-in for the classifier model: an edit verb (or a comparative
 * like "brighter") about the previous image, when the conversation holds an
 * image, is an edit; anything else is a new image.
 */
export function classifyOffline(history: ChatTurn[], message: string): Classification {
  if (!history.some((turn) => turn.hasImages)) return 'NEW_IMAGE';
  const aboutPrevious =
    PREVIOUS_IMAGE.test(message) && (EDIT_VERB.test(message) || COMPARATIVE.test(message));
  const shortTweak = COMPARATIVE.test(message) && message.trim().split(/\s+/).length <= 4;
  return aboutPrevious || shortTweak ? 'IMAGE_EDIT' : 'NEW_IMAGE';
}

/** Colour changes an edit request asks for in plain words. */
export function adjustmentsFor(request: string): NonNullable<Composition['adjust']> {
  const has = (pattern: RegExp) => pattern.test(request);
  let brightness = 1;
  if (has(/\b(brighter|brighten|lighter|lighten)\b/i)) brightness = 1.3;
  if (has(/\b(darker|darken|dimmer|moodier)\b/i)) brightness = 0.7;
  let saturation = 1;
  if (has(/\b(more colou?rful|vibrant|saturated|pop|punchier)\b/i)) saturation = 1.5;
  if (has(/\b(muted|desaturated?|washed out)\b/i)) saturation = 0.6;
  return {
    brightness,
    saturation,
    grayscale: has(/\b(black and white|black & white|grey ?scale|gray ?scale|monochrome)\b/i),
  };
}

/** Each person's primary photo (the first), for people who have one. */
export const primaryPhotos = (people: Person[]): ImageData[] =>
  people.flatMap((person) => person.photos.slice(0, 1));

const image = (bytes: Uint8Array): GenerationResult => ({
  type: 'image',
  image: { bytes, mimeType: 'image/png' },
  model: LOCAL_MODEL,
});

/**
 * The offline 'local' provider, offered when no key is set: composes a real thumbnail with
 * sharp (a gradient or the first reference as background, each person's
 * primary photo large at the right, without their name, the quoted text in
 * bold in the safe zone), so the whole product works with no keys and no
 * network.
 */
export function createLocalProvider(options: { delayMs?: number } = {}): ImageProvider {
  // A real provider takes 20-90 s; a delay lets demos and tests watch a job in flight.
  // An abort ends the wait at once, with the abort's reason, as a real provider's call would end.
  const wait = (signal: AbortSignal | undefined) => sleep(options.delayMs ?? 0, signal);
  return {
    id: 'local',

    async classify(history, message) {
      return classifyOffline(history, message);
    },

    async generate({ prompt, references, people, signal }) {
      await wait(signal);
      const text = quotedText(prompt);
      return image(
        await composeThumbnail({
          base: references[0],
          seed: prompt,
          people: primaryPhotos(people),
          ...(text ? { text } : {}),
        }),
      );
    },

    async edit({ prompt, images, people, signal }) {
      await wait(signal);
      const text = quotedText(prompt);
      const base = images.at(-1);
      return image(
        await composeThumbnail({
          ...(base ? { base } : {}),
          seed: prompt,
          people: primaryPhotos(people),
          adjust: adjustmentsFor(prompt),
          ...(text ? { text } : {}),
        }),
      );
    },
  };
}
