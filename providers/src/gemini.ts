import type * as GenAISdk from '@google/genai';
import type { GenerateContentResponse } from '@google/genai';

/** The SDK module, loaded with import() by `createProvider` only when this provider is used. */
export type GenAIModule = typeof GenAISdk;

import {
  GEMINI_TEXTS,
  NO_EDIT_IMAGES_TEXT,
  OWN_KEY_MISSING_TEXTS,
  type PixelBox,
} from '@thumbnail-studio/contract';
import { base64ToBytes, bytesToBase64 } from './base64';
import { CLASSIFIER_INSTRUCTIONS, classifierHistory, classifierText } from './classify';
import { otherErrorText, withRateLimit } from './error-texts';
import { pickPeoplePhotos } from './people';
import { buildEditPrompt, buildGenerationPrompt, buildRegionEditPrompt } from './prompts';
import { createRetryingFetch, RateLimitedError, type RetryPolicy } from './retrying-fetch';
import { wellFormed } from './safe-text';
import {
  TITLE_IDEAS_INSTRUCTIONS,
  TITLE_IDEAS_MAX_TOKENS,
  TITLE_IDEAS_TEMPERATURE,
  titleIdeasMessage,
} from './title-ideas';
import type { GenerationResult, ImageData, ImageProvider, ProviderOptions } from './types';

export interface GeminiProviderOptions extends ProviderOptions {
  baseUrl: string;
}

/**
 * At most this many photos of the selected people in all, across all of
 * them: every primary photo first, then further photos in turn.
 */
export const GEMINI_PEOPLE_PHOTOS = 3;

/** Finish and block reasons that mean the request or the image was refused on safety grounds. */
const REFUSALS = new Set([
  'SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
]);

type Outcome = { image: ImageData } | { refused: string } | { empty: true };

/** Reads the first inlineData part of the first candidate's content, or why there is none. */
export function readImage(response: GenerateContentResponse): Outcome {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) return { refused: blocked };
  const candidate = response.candidates?.[0];
  const part = candidate?.content?.parts?.find((p) => p.inlineData?.data);
  if (part?.inlineData?.data) {
    const mimeType = part.inlineData.mimeType ?? 'image/png';
    return { image: { bytes: base64ToBytes(part.inlineData.data), mimeType } };
  }
  if (candidate?.finishReason && REFUSALS.has(candidate.finishReason))
    return { refused: candidate.finishReason };
  return { empty: true };
}

/** The aspect ratios Gemini's image models draw in. */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];

/** The drawable aspect ratio closest to a box's (compared as logarithms, so wide and tall weigh alike). */
export function nearestAspectRatio(box: PixelBox): string {
  const wanted = Math.log(box.width / Math.max(1, box.height));
  const distance = (ratio: string) => {
    const [w = 1, h = 1] = ratio.split(':').map(Number);
    return Math.abs(Math.log(w / h) - wanted);
  };
  return ASPECT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

/** The SDK puts the whole JSON error body in the message; users get its inner message. */
function errorMessage(sdk: GenAIModule, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (error instanceof sdk.ApiError || error instanceof RateLimitedError) {
    try {
      const inner = (JSON.parse(message) as { error?: { message?: unknown } }).error?.message;
      if (typeof inner === 'string' && inner) return inner;
    } catch {
      // Not JSON: the message is already plain text.
    }
  }
  return message;
}

/** The 'gemini' provider (label 'Gemini Nano Banana', the default) through `@google/genai`. */
export function createGeminiProvider(sdk: GenAIModule, options: GeminiProviderOptions): ImageProvider {
  const clientWith = (retry: RetryPolicy) =>
    options.apiKey
      ? new sdk.GoogleGenAI({
          apiKey: options.apiKey,
          // No SDK timeout or retryOptions: the retrying fetch applies the timeout and retry rules per attempt.
          httpOptions: {
            baseUrl: options.baseUrl,
            fetch: createRetryingFetch(retry, globalThis.fetch, options.log),
          },
        })
      : undefined;
  const client = clientWith(options.retry);
  const classifierClient = clientWith(options.classifierRetry);
  const model = options.imageModel;
  const logFailure = (operation: string, error: unknown) =>
    options.log.error('provider call failed', { provider: 'gemini', operation, error });

  async function run(
    operation: 'generate' | 'edit',
    images: ImageData[],
    prompt: string,
    signal: AbortSignal | undefined,
    placedAt?: PixelBox,
  ): Promise<GenerationResult> {
    const texts = GEMINI_TEXTS[operation];
    const own = options.ownKey ? OWN_KEY_MISSING_TEXTS.gemini : undefined;
    if (!client) return { type: 'error', content: own?.notConfigured ?? GEMINI_TEXTS.notConfigured };
    try {
      const response = await client.models.generateContent({
        model,
        contents: [
          { text: wellFormed(prompt) },
          ...images.map((image) => ({
            inlineData: { mimeType: image.mimeType, data: bytesToBase64(image.bytes) },
          })),
        ],
        config: {
          responseModalities: ['TEXT', 'IMAGE'],
          imageConfig: { aspectRatio: placedAt ? nearestAspectRatio(placedAt) : '16:9' },
          abortSignal: signal,
        },
      });
      const outcome = readImage(response);
      if ('image' in outcome)
        return { type: 'image', image: outcome.image, model, ...(placedAt ? { placedAt } : {}) };
      logFailure(operation, new Error('refused' in outcome ? outcome.refused : 'no image part'));
      return { type: 'error', content: 'refused' in outcome ? texts.policy : texts.noImage };
    } catch (error) {
      logFailure(operation, error);
      const message = errorMessage(sdk, error);
      if (/api[ _-]?key/i.test(message))
        return { type: 'error', content: own?.[operation] ?? texts.keyMention };
      if (/safety|policy/i.test(message)) return { type: 'error', content: texts.policy };
      return withRateLimit({ type: 'error', content: otherErrorText('gemini', operation, message) }, error);
    }
  }

  return {
    id: 'gemini',

    async classify(history, message, { signal } = {}) {
      if (!classifierClient) throw new Error('GEMINI_API_KEY is not set');
      const response = await classifierClient.models.generateContent({
        model: options.classifierModel,
        contents: [
          ...classifierHistory(history).map((turn) => ({
            role: turn.role === 'assistant' ? 'model' : 'user',
            parts: [{ text: wellFormed(classifierText(turn)) }],
          })),
          { role: 'user', parts: [{ text: wellFormed(message) }] },
        ],
        config: {
          systemInstruction: CLASSIFIER_INSTRUCTIONS,
          temperature: 0,
          maxOutputTokens: 10,
          abortSignal: signal,
        },
      });
      return response.text ?? '';
    },

    async writeTitles(request, { signal } = {}) {
      if (!classifierClient) throw new Error('GEMINI_API_KEY is not set');
      const response = await classifierClient.models.generateContent({
        model: options.classifierModel,
        contents: [{ role: 'user', parts: [{ text: wellFormed(titleIdeasMessage(request)) }] }],
        config: {
          systemInstruction: TITLE_IDEAS_INSTRUCTIONS,
          temperature: TITLE_IDEAS_TEMPERATURE,
          maxOutputTokens: TITLE_IDEAS_MAX_TOKENS,
          abortSignal: signal,
        },
      });
      return response.text ?? '';
    },

    generate({ prompt, references, people, signal, variation, textLayer }) {
      const chosen = pickPeoplePhotos(people, GEMINI_PEOPLE_PHOTOS, references.length);
      const text = buildGenerationPrompt({
        request: prompt,
        people: chosen.people,
        referenceCount: references.length,
        variation,
        textLayer,
      });
      return run('generate', [...references, ...chosen.photos], text, signal);
    },

    edit({ prompt, images, people, signal, variation, textLayer, region }) {
      if (images.length === 0) return Promise.resolve({ type: 'error', content: NO_EDIT_IMAGES_TEXT });
      const chosen = pickPeoplePhotos(people, GEMINI_PEOPLE_PHOTOS, images.length);
      const asked = {
        request: prompt,
        people: chosen.people,
        imageCount: images.length,
        variation,
        textLayer,
      };
      if (region) {
        // A region edit sends only the cut-out in place of the first image; its answer is put
        // back into the crop's box by the caller.
        const text = buildRegionEditPrompt({ ...asked, form: 'crop' });
        const sent = [region.crop.image, ...images.slice(1), ...chosen.photos];
        return run('edit', sent, text, signal, region.crop.box);
      }
      const text = buildEditPrompt(asked);
      // The source images first (the last is the one edited), then the people's photos.
      return run('edit', [...images, ...chosen.photos], text, signal);
    },
  };
}
