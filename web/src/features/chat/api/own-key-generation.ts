import {
  endpoints,
  type OwnKeyInputs,
  PHASE_TEXT,
  REGION_TEXTS,
  type SendResult,
  UNEXPECTED_ERROR_TEXT,
} from '@thumbnail-studio/contract';
import {
  classifyIfEditable,
  type GenerationResult,
  type ImageData,
  makeVariations,
  type PartialImage,
  type RegionRequest,
} from '@thumbnail-studio/providers';
import { ApiError, blobFromStorage, callApi } from '../../../lib/api-client';
import { browserProvider } from '../../../lib/browser-provider';
import { uploadImage } from '../../../lib/upload-image';
import { placeAnswer, prepareRegion } from './own-key-region';
import type { OwnKeySendInput } from './send-with-own-key';

/**
 * What a generation job does, done in this browser with the creator's own key (loaded on
 * demand, with the provider's SDK): the backend names the inputs a job would use, the shared
 * request builders classify and generate or edit, each image made is uploaded like any
 * attachment, and the backend stores the answer. `onPhase` hears 'Editing your image...' or
 * 'Generating your image...' once that is decided, and `onPartial` each picture a streaming
 * provider sends while it draws (OpenAI's partial images), by variation. A region edit (`mask`) is an edit of the chosen
 * image, asked without the classifier, with the painted area prepared for the provider; the
 * backend keeps only the painted area of the answer.
 */
export async function generateWithOwnKey(
  input: OwnKeySendInput,
  onPhase: (text: string) => void,
  onPartial: (variation: number, picture: Blob) => void = () => {},
): Promise<SendResult> {
  const send = {
    content: input.content,
    uploaded_images: input.uploadKeys,
    selected_model_ids: [...(input.modelIds ?? [])],
    ...(input.editFrom
      ? { edit_from: { message_id: input.editFrom.messageId, index: input.editFrom.index } }
      : {}),
    ...(input.editFrom && input.mask ? { mask: input.mask } : {}),
  };
  const params = { id: input.conversationId };
  const inputs = await callApi(endpoints.getOwnKeyInputs, { params, body: send });
  const [provider, images, people] = await Promise.all([
    browserProvider(input.provider, input.apiKey),
    fetchImages(inputs.images),
    Promise.all(inputs.people.map(async ({ name, photos }) => ({ name, photos: await fetchImages(photos) }))),
  ]);

  // As the worker does: the new message and its placeholder are last; the model gets the turns before.
  const turns = inputs.turns.map(({ role, text, has_images }) => ({ role, text, hasImages: has_images }));
  const earlier = turns.slice(0, -2);
  const source = send.mask ? images[0] : undefined;
  const region = send.mask ? await regionOf(send.mask, inputs.chosen ? source : undefined) : undefined;
  const kind = region
    ? 'IMAGE_EDIT'
    : await classifyIfEditable(
        inputs.images.length > 0,
        turns,
        input.content,
        { classify: (_history, text) => provider.classify(earlier, text) },
        (error) => console.warn('classifier failed; treating the request as a new image', String(error)),
      );
  const isEdit = kind === 'IMAGE_EDIT' && images.length > 0;
  onPhase(isEdit ? PHASE_TEXT.editing : PHASE_TEXT.generating);

  // No textLayer: with an own key the AI draws the text (OWN_KEY_TEXT_MODE).
  // A provider that streams (OpenAI) hands over what it has drawn so far, shown straight from here.
  const results = await makeVariations(input.variations ?? 1, (variation) => {
    const partial = {
      onPartial: ({ image }: PartialImage) =>
        onPartial(variation, new Blob([image.bytes as BlobPart], { type: image.mimeType })),
    };
    return isEdit
      ? provider.edit({ prompt: input.content, images, people, variation, region, ...partial })
      : provider.generate({ prompt: input.content, references: images, people, variation, ...partial });
  });
  const made = await Promise.all(results.flatMap((result) => wholeImage(result, source)));
  const firstError = results.find((result) => result.type === 'error');
  const keys = await Promise.all(
    made.map((image) => uploadImage(new Blob([image.bytes as BlobPart], { type: image.mimeType }))),
  );
  return callApi(endpoints.saveOwnKeyAnswer, {
    params,
    body: {
      ...send,
      provider: input.provider,
      is_edit: isEdit,
      ...(keys.length ? { images: keys } : { error: firstError?.content ?? UNEXPECTED_ERROR_TEXT }),
    },
  });
}

/** The painted area prepared for the provider over the image it edits (which the send must have chosen). */
async function regionOf(mask: string, source: ImageData | undefined): Promise<RegionRequest> {
  if (!source) throw new ApiError('bad_request', REGION_TEXTS.needsImage);
  const region = await prepareRegion(mask, source);
  if (!region) throw new ApiError('bad_request', REGION_TEXTS.emptyMask);
  return region;
}

/** A made image as a whole picture: an answer for a region's crop is put in its place over the source. */
function wholeImage(result: GenerationResult, source: ImageData | undefined): Promise<ImageData>[] {
  if (result.type !== 'image') return [];
  if (!result.placedAt || !source) return [Promise.resolve(result.image)];
  return [placeAnswer(result.image, result.placedAt, source)];
}

/** When an image a send needs can't be read: nothing is made, and the message stays to send again. */
export const IMAGE_UNREADABLE_TEXT =
  'An image this message needs could not be loaded, so nothing was made. Please try again.';

/**
 * Reads signed images. One that can't be read fails the send: without the image it starts from, an
 * edit would quietly draw a new picture.
 */
function fetchImages(sources: OwnKeyInputs['images']): Promise<ImageData[]> {
  return Promise.all(
    sources.map(async ({ url }) => {
      try {
        const blob = await blobFromStorage(url, IMAGE_UNREADABLE_TEXT);
        return { bytes: new Uint8Array(await blob.arrayBuffer()), mimeType: blob.type || 'image/jpeg' };
      } catch (error) {
        throw new ApiError(error instanceof ApiError ? error.code : 'internal', IMAGE_UNREADABLE_TEXT);
      }
    }),
  );
}
