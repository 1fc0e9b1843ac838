import { existsSync } from 'node:fs';
import type {
  ChatTurn,
  Classification,
  GenerationResult,
  ImageProvider,
  PartialOption,
} from '@thumbnail-studio/providers';
import { sleep } from '@thumbnail-studio/providers';
import { offlineTitleIdeas } from '../core/title-ideas';
import { partialPictures } from './studio/partials';
import { primaryPhotos } from './studio/people';
import { createThumbnail, editThumbnail, editThumbnailRegion } from './studio/studio';

/** The offline compositor's name, stored as the result's model. */
export const LOCAL_MODEL = 'local-compositor';

const EDIT_VERB =
  /\b(make|change|edit|add|remove|delete|replace|turn|put|swap|move|adjust|fix|update|recolou?r|crop|zoom|brighten|darken|increase|decrease|keep|use|circle|flip)\b/i;
const PREVIOUS_IMAGE = /\b(it|its|this|that|the (image|picture|thumbnail|photo|background|text|title))\b/i;
/** Verbs that only ever change an existing image: a short request with one ("zoom in", "remove the cat") is an edit. */
const TWEAK_VERB = /\b(zoom|remove|delete|crop|brighten|darken|flip|recolou?r|circle|add)\b/i;
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
  const shortTweak =
    (COMPARATIVE.test(message) || TWEAK_VERB.test(message)) && message.trim().split(/\s+/).length <= 4;
  return aboutPrevious || shortTweak ? 'IMAGE_EDIT' : 'NEW_IMAGE';
}

const image = (bytes: Uint8Array): GenerationResult => ({
  type: 'image',
  image: { bytes, mimeType: 'image/png' },
  model: LOCAL_MODEL,
});

/**
 * The offline 'local' provider, offered when no key is set: a small thumbnail studio
 * (functions/src/image-providers/studio/) that draws the prompt's subjects as large Twemoji
 * illustrations found through emojilib's keywords, in the colours and mood it names, with
 * each person's primary photo cut out and its quoted text drawn with a shipped font (none when the
 * text is a layer drawn afterwards: then the left part stays clear for it), so the whole product
 * works with no keys and no network. A new image takes only colours and layout from the
 * references; an edit re-renders the scene it made with the change asked for, and a region edit
 * changes the painted area alone (recoloured, blurred, filled in or given a subject).
 */
/** How often a held provider looks whether its hold file is gone. */
const HOLD_CHECK_MS = 50;

/** Waits while `file` exists; an abort ends the wait with the abort's reason. */
async function whileExists(file: string | undefined, signal: AbortSignal | undefined) {
  while (file && existsSync(file)) await sleep(HOLD_CHECK_MS, signal);
}

export function createLocalProvider(options: { delayMs?: number; holdFile?: string } = {}): ImageProvider {
  // A real provider takes 20-90 s; a delay lets demos and tests watch a job in flight, and a hold
  // file keeps every answer back until a test that watches one removes it. While it waits with a
  // picture made, the studio sends two partial pictures of it, as a streaming provider does: at
  // 30% and 60% of the delay, or both as a hold begins. No wait, no partials.
  // An abort ends the wait at once, with the abort's reason, as a real provider's call would end.
  const answer = async (
    make: () => Promise<Uint8Array>,
    { signal, onPartial }: { signal: AbortSignal | undefined } & PartialOption,
  ): Promise<GenerationResult> => {
    signal?.throwIfAborted();
    // Drawn while the wait runs; a failure is met when the picture is awaited.
    const picture = make();
    picture.catch(() => undefined);
    const delay = options.delayMs ?? 0;
    const held = () => Boolean(options.holdFile && existsSync(options.holdFile));
    if (onPartial && (delay > 0 || held())) {
      const partials = await partialPictures(await picture);
      for (const [index, partial] of partials.entries()) {
        await sleep(delay * 0.3, signal);
        onPartial({ image: { bytes: partial, mimeType: 'image/png' }, index });
      }
      await sleep(delay * 0.4, signal);
    } else {
      await sleep(delay, signal);
    }
    await whileExists(options.holdFile, signal);
    return image(await picture);
  };
  return {
    id: 'local',

    async classify(history, message) {
      return classifyOffline(history, message);
    },

    // The offline stand-in for the text model: the template writer, one title a line.
    async writeTitles(request) {
      return offlineTitleIdeas(request).join('\n');
    },

    async generate({ prompt, references, people, signal, variation, textLayer, onPartial }) {
      const made = { variation, textLayer: Boolean(textLayer) };
      return answer(() => createThumbnail(prompt, references, primaryPhotos(people), made), {
        signal,
        onPartial,
      });
    },

    async edit({ prompt, images, people, signal, variation, textLayer, region, onPartial }) {
      // A region edit changes only the painted area of the first image, by the request's words.
      const source = images[0];
      const base = images.at(-1);
      const made = { variation, textLayer: Boolean(textLayer) };
      return answer(
        () =>
          region && source
            ? editThumbnailRegion(prompt, source, region.mask)
            : base
              ? editThumbnail(prompt, base, primaryPhotos(people), made)
              : createThumbnail(prompt, [], primaryPhotos(people), made),
        { signal, onPartial },
      );
    },
  };
}
