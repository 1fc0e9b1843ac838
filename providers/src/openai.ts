import type * as OpenAISdk from 'openai';

/** The SDK module, loaded with import() by `createProvider` only when this provider is used. */
export type OpenAIModule = typeof OpenAISdk;

import {
  NO_EDIT_IMAGES_TEXT,
  OPENAI_TEXTS,
  OWN_KEY_MISSING_TEXTS,
  PARTIAL_IMAGES,
} from '@thumbnail-studio/contract';
import { base64ToBytes } from './base64';
import { CLASSIFIER_INSTRUCTIONS, classifierHistory, classifierText } from './classify';
import { otherErrorText, withRateLimit } from './error-texts';
import { pickPeoplePhotos } from './people';
import { buildEditPrompt, buildGenerationPrompt, buildRegionEditPrompt } from './prompts';
import { createRetryingFetch, type RetryPolicy, totalBudgetMs } from './retrying-fetch';
import { wellFormed } from './safe-text';
import {
  TITLE_IDEAS_INSTRUCTIONS,
  TITLE_IDEAS_MAX_TOKENS,
  TITLE_IDEAS_TEMPERATURE,
  titleIdeasMessage,
} from './title-ideas';
import type { GenerationResult, ImageData, ImageProvider, PartialOption, ProviderOptions } from './types';

export interface OpenAIProviderOptions extends ProviderOptions {
  baseURL: string;
}

/** Parameters every image request shares: one high-quality PNG, compression 100. */
const IMAGE_PARAMS = {
  n: 1,
  quality: 'high',
  background: 'auto',
  output_format: 'png',
  output_compression: 100,
} as const;

/**
 * A 16:9 size the model accepts. gpt-image-2 takes any size whose edges are multiples of 16
 * (with at least 655,360 pixels), so it is asked for the thumbnail itself, 1280x720: what
 * YouTube shows and what every size we keep is cut from, with no resize after it, and fewer
 * pixels to pay for and wait for than its 1536x864. Older GPT image models only know 1536x1024.
 */
export const imageSizeFor = (model: string): string =>
  model.startsWith('gpt-image-2') ? '1280x720' : '1536x1024';

/** images-edit takes at most this many input images. */
const MAX_INPUT_IMAGES = 16;
/** At most this many photos of the selected people, across all of them, primary photos first. */
export const OPENAI_PEOPLE_PHOTOS = 6;

/**
 * Whether the model takes `input_fidelity`: gpt-image-1 and gpt-image-1.5
 * (and their dated snapshots) do; gpt-image-1-mini and dall-e refuse it, and
 * gpt-image-2 refuses it too, since it always reads input images at high
 * fidelity.
 */
export const acceptsInputFidelity = (model: string): boolean =>
  /^gpt-image-1(\.\d+)?(-\d{4}-\d{2}-\d{2})?$/.test(model);

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Upload files for images-edit, named and typed by their real format (the API checks the bytes). */
function toUploads(sdk: OpenAIModule, images: ImageData[]) {
  return Promise.all(
    images.map((image, index) => {
      const extension = EXTENSIONS[image.mimeType];
      if (!extension || image.bytes.length === 0) throw new UnusableImageError(image.mimeType);
      return sdk.toFile(image.bytes, `image-${index + 1}.${extension}`, { type: image.mimeType });
    }),
  );
}

class UnusableImageError extends Error {
  constructor(mimeType: string) {
    super(`image of type ${mimeType || 'unknown'} can't be sent to images-edit`);
    this.name = 'UnusableImageError';
  }
}

/** How many people photos fit beside `others` images within the input limit. */
const peopleBudget = (others: number) =>
  Math.max(0, Math.min(OPENAI_PEOPLE_PHOTOS, MAX_INPUT_IMAGES - others));

/** OpenAI's refusal shapes: a moderation code, or a 400 whose message speaks of safety or policy. */
function isPolicyRefusal(sdk: OpenAIModule, error: unknown): boolean {
  if (!(error instanceof sdk.default.APIError)) return false;
  if (error.code === 'moderation_blocked' || error.code === 'content_policy_violation') return true;
  return error.status === 400 && /safety|policy/i.test(error.message);
}

/**
 * The 'openai' provider (label 'OpenAI GPT-Image') through the official SDK.
 * Generation without input images calls images-generate; with reference or
 * person images it calls images-edit, since images-generate takes no images
 * ('reference_images' is not an API parameter).
 */
export function createOpenAIProvider(sdk: OpenAIModule, options: OpenAIProviderOptions): ImageProvider {
  const clientWith = (retry: RetryPolicy) =>
    options.apiKey
      ? new sdk.default({
          apiKey: options.apiKey,
          baseURL: options.baseURL,
          // Retries and per-attempt timeouts live in the retrying fetch; the SDK's limit only has to outlast them.
          maxRetries: 0,
          timeout: totalBudgetMs(retry),
          fetch: createRetryingFetch(retry, globalThis.fetch, options.log),
          // A creator's own key is used from their own browser, which the SDK refuses unless told.
          dangerouslyAllowBrowser: Boolean(options.ownKey),
        })
      : undefined;
  const client = clientWith(options.retry);
  const classifierClient = clientWith(options.classifierRetry);
  const model = options.imageModel;

  async function run(
    operation: 'generate' | 'edit',
    images: ImageData[],
    prompt: string,
    withFaces: boolean,
    { signal, onPartial, mask }: { signal: AbortSignal | undefined; mask?: ImageData } & PartialOption,
  ): Promise<GenerationResult> {
    const texts = OPENAI_TEXTS[operation];
    const missingKey = options.ownKey ? OWN_KEY_MISSING_TEXTS.openai[operation] : texts.missingKey;
    if (!client) return { type: 'error', content: missingKey };
    try {
      const params = { model, prompt: wellFormed(prompt), size: imageSizeFor(model), ...IMAGE_PARAMS };
      // Faces to keep: ask the models that take it to match the input images' features closely.
      const fidelity = withFaces && acceptsInputFidelity(model) ? { input_fidelity: 'high' as const } : {};
      const [first, ...more] = await toUploads(sdk, images);
      // A region edit's mask applies to the first image: transparent where it may change.
      const masked = mask ? { mask: await sdk.toFile(mask.bytes, 'mask.png', { type: 'image/png' }) } : {};
      const edited = first && {
        ...params,
        ...fidelity,
        image: more.length === 0 ? first : [first, ...more],
        ...masked,
      };
      let b64: string | undefined;
      if (onPartial) {
        // Streamed: the partial pictures as the model draws, then the image in the completed event.
        const streamed = { stream: true as const, partial_images: PARTIAL_IMAGES };
        const stream = edited
          ? await client.images.edit({ ...edited, ...streamed }, { signal })
          : await client.images.generate({ ...params, ...streamed }, { signal });
        for await (const event of stream) {
          if (event.type === 'image_generation.completed' || event.type === 'image_edit.completed') {
            b64 = event.b64_json;
          } else {
            const image = { bytes: base64ToBytes(event.b64_json), mimeType: 'image/png' };
            onPartial({ image, index: event.partial_image_index });
          }
        }
      } else {
        const response = edited
          ? await client.images.edit(edited, { signal })
          : await client.images.generate(params, { signal });
        b64 = response.data?.[0]?.b64_json;
      }
      if (!b64) throw new Error('the response holds no b64_json image');
      return { type: 'image', image: { bytes: base64ToBytes(b64), mimeType: 'image/png' }, model };
    } catch (error) {
      options.log.error('provider call failed', { provider: 'openai', operation, error });
      if (error instanceof UnusableImageError) return { type: 'error', content: OPENAI_TEXTS.fetchFailed };
      if (error instanceof sdk.default.AuthenticationError) return { type: 'error', content: missingKey };
      if (isPolicyRefusal(sdk, error)) return { type: 'error', content: texts.policy };
      return withRateLimit({ type: 'error', content: otherErrorText('openai', operation) }, error);
    }
  }

  return {
    id: 'openai',

    async classify(history, message, { signal } = {}) {
      if (!classifierClient) throw new Error('OPENAI_API_KEY is not set');
      const completion = await classifierClient.chat.completions.create(
        {
          model: options.classifierModel,
          messages: [
            { role: 'system', content: CLASSIFIER_INSTRUCTIONS },
            ...classifierHistory(history).map((turn) => ({
              role: turn.role,
              content: wellFormed(classifierText(turn)),
            })),
            { role: 'user', content: wellFormed(message) },
          ],
          temperature: 0,
          max_tokens: 10,
        },
        { signal },
      );
      return completion.choices[0]?.message.content ?? '';
    },

    async writeTitles(request, { signal } = {}) {
      if (!classifierClient) throw new Error('OPENAI_API_KEY is not set');
      const completion = await classifierClient.chat.completions.create(
        {
          model: options.classifierModel,
          messages: [
            { role: 'system', content: TITLE_IDEAS_INSTRUCTIONS },
            { role: 'user', content: wellFormed(titleIdeasMessage(request)) },
          ],
          temperature: TITLE_IDEAS_TEMPERATURE,
          max_tokens: TITLE_IDEAS_MAX_TOKENS,
        },
        { signal },
      );
      return completion.choices[0]?.message.content ?? '';
    },

    // With people, a new image also goes to images-edit, the people's photos among its inputs.
    generate({ prompt, references, people, signal, variation, textLayer, onPartial }) {
      const chosen = pickPeoplePhotos(people, peopleBudget(references.length), references.length);
      const text = buildGenerationPrompt({
        request: prompt,
        people: chosen.people,
        referenceCount: references.length,
        variation,
        textLayer,
      });
      return run('generate', [...references, ...chosen.photos], text, chosen.photos.length > 0, {
        signal,
        onPartial,
      });
    },

    edit({ prompt, images, people, signal, variation, textLayer, onPartial, region }) {
      if (images.length === 0) return Promise.resolve({ type: 'error', content: NO_EDIT_IMAGES_TEXT });
      const chosen = pickPeoplePhotos(people, peopleBudget(images.length), images.length);
      const asked = {
        request: prompt,
        people: chosen.people,
        imageCount: images.length,
        variation,
        textLayer,
      };
      // A region edit sends the whole image first with OpenAI's mask of the area to change.
      const text = region ? buildRegionEditPrompt({ ...asked, form: 'mask' }) : buildEditPrompt(asked);
      // One source image is sent alone, several as a list; people's photos come after the source images.
      return run('edit', [...images, ...chosen.photos], text, chosen.photos.length > 0, {
        signal,
        onPartial,
        ...(region ? { mask: region.editMask } : {}),
      });
    },
  };
}
