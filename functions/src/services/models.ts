import {
  type AddModelImagesBody,
  MAX_MODEL_IMAGES,
  MODEL_TEXTS,
  type ModelImageBody,
  tooManyModelsText,
  type UpdateModelBody,
  type UploadModelBody,
  type PersonModel as WireModel,
} from '@thumbnail-studio/contract';
import { deleteBlobs, keepBlobs, putBlob, signedGetUrl } from '../adapters/blob-store';
import { waitAfterConflict } from '../data/dynamo';
import {
  deleteCountedModel,
  getModelById,
  getModelCount,
  listModelsByUser,
  type ModelImage,
  modelKey,
  type PersonModel,
  putNewModel,
  startModelCount,
  updateModel,
} from '../data/models-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { makeThumbnail, normalizeImage } from '../lib/images';
import { settings } from '../lib/settings';
import { discardUploads, readUpload, uploadPrefix } from './references';

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** A photo as sent: a data URL, or the key of the user's own upload (for bodies near the size limit). */
async function readSource(userId: string, source: string): Promise<Uint8Array> {
  const dataUrl = DATA_URL.exec(source);
  if (dataUrl) return new Uint8Array(Buffer.from(source.slice(dataUrl[0].length), 'base64'));
  if (source.startsWith(uploadPrefix(userId))) return readUpload(userId, source);
  throw new BadRequestError('Each image must be a data:image URL or the key of an uploaded image');
}

/**
 * Checks and stores photos: each decoded and re-encoded (orientation applied,
 * metadata such as location dropped, size capped), with a thumbnail. All or
 * nothing: if one photo is refused, none stays stored. They are stored pending:
 * kept (`keepBlobs`) once the model naming them is stored, or they expire.
 */
async function storePhotos(userId: string, modelId: string, sources: string[]): Promise<ModelImage[]> {
  const prepared = await Promise.all(
    sources.map(async (source) => {
      const photo = await normalizeImage(await readSource(userId, source));
      return { photo, thumbnail: await makeThumbnail(photo.bytes) };
    }),
  );
  const images = prepared.map(({ photo, thumbnail }) => {
    const id = newId();
    const base = `models/${userId}/${modelId}/${id}`;
    return {
      image: { id, key: `${base}.jpg`, thumbnail_key: `${base}-thumb.jpg`, is_primary: false },
      photo,
      thumbnail,
    };
  });
  try {
    await Promise.all(
      images.flatMap(({ image, photo, thumbnail }) => [
        putBlob(image.key, photo.bytes, photo.mimeType, { pending: true }),
        putBlob(image.thumbnail_key, thumbnail, 'image/jpeg', { pending: true }),
      ]),
    );
  } catch (error) {
    await deleteBlobs(keysOf(images.map(({ image }) => image)));
    throw error;
  }
  return images.map(({ image }) => image);
}

const keysOf = (images: readonly ModelImage[]) =>
  images.flatMap((image) => [image.key, ...(image.thumbnail_key ? [image.thumbnail_key] : [])]);

/** Uploads that became model photos are not needed as uploads any more. */
const consumedUploads = (userId: string, sources: string[]) =>
  sources.filter((source) => source.startsWith(uploadPrefix(userId)));

/** How many models the user has, starting their count the first time it is needed. */
const countModels = async (userId: string) =>
  (await getModelCount(userId)) ?? (await startModelCount(userId));

/**
 * A new model with its photos, the first one primary; nothing is kept if anything fails. An
 * account keeps at most `MAX_MODELS_PER_USER` models: the count is checked before any photo is
 * processed, and again by the write that stores the model, so concurrent uploads can't pass it.
 */
export async function createModel(
  userId: string,
  { name, images: sources }: UploadModelBody,
): Promise<PersonModel> {
  const cap = settings().MAX_MODELS_PER_USER;
  const count = await countModels(userId);
  if (cap && count >= cap) throw new BadRequestError(tooManyModelsText(cap));
  const id = newId();
  const images = await storePhotos(userId, id, sources);
  images.forEach((image, index) => {
    image.is_primary = index === 0;
  });
  const model: PersonModel = {
    user_id: userId,
    sk: modelKey(id),
    id,
    name,
    images,
    created_at: new Date().toISOString(),
    version: 1,
    usage_count: 0,
  };
  const stored = await putNewModel(model, cap).catch(async (error: unknown) => {
    await deleteBlobs(keysOf(images));
    throw error;
  });
  if (!stored) {
    await deleteBlobs(keysOf(images));
    throw new BadRequestError(tooManyModelsText(cap));
  }
  await keepBlobs(keysOf(images));
  await discardUploads(userId, consumedUploads(userId, sources));
  return model;
}

async function requireModel(userId: string, modelId: string): Promise<PersonModel> {
  const model = await getModelById(userId, modelId);
  if (!model) throw new NotFoundError(MODEL_TEXTS.modelNotFound);
  return model;
}

/** Tries at one model write before it is refused with 409: each reads the model and writes on its version. */
const CHANGE_ATTEMPTS = 8;

/**
 * Runs a write made against the model as read, which holds only while nobody changed the model since
 * (undefined when it did not). When another change came first, waits a random, growing moment (so
 * the losers of one race don't race again in step), reads the model again and writes again; after
 * `CHANGE_ATTEMPTS` it gives up with 409.
 */
async function writeUnchanged<T>(
  userId: string,
  modelId: string,
  write: (model: PersonModel) => Promise<T | undefined>,
  read?: PersonModel,
): Promise<T> {
  let model = read ?? (await requireModel(userId, modelId));
  for (let attempt = 1; ; attempt++) {
    const written = await write(model);
    if (written !== undefined) return written;
    if (attempt === CHANGE_ATTEMPTS) throw new ConflictError(MODEL_TEXTS.changedMeanwhile);
    await waitAfterConflict(attempt);
    model = await requireModel(userId, modelId);
  }
}

/** A change worked out from the model as read. `change` only computes: anything slow is done before, once. */
const changeModel = (
  userId: string,
  modelId: string,
  change: (model: PersonModel) => Partial<Pick<PersonModel, 'name' | 'images'>>,
  read?: PersonModel,
) => writeUnchanged(userId, modelId, (model) => updateModel(model, change(model)), read);

export const renameModel = (userId: string, { modelId, name }: UpdateModelBody) =>
  changeModel(userId, modelId, () => ({ name }));

function ensureRoomForPhotos(model: PersonModel, adding: number) {
  if (model.images.length + adding > MAX_MODEL_IMAGES) throw new BadRequestError(MODEL_TEXTS.tooManyImages);
}

/**
 * Adds photos, up to the limit of 20 per model. They are stored once, before the change; if the
 * change fails in the end (the model gone, full, or changing all along), they are deleted again.
 */
export async function addModelImages(userId: string, { modelId, images: sources }: AddModelImagesBody) {
  ensureRoomForPhotos(await requireModel(userId, modelId), sources.length);
  const added = await storePhotos(userId, modelId, sources);
  const model = await changeModel(userId, modelId, (current) => {
    ensureRoomForPhotos(current, added.length);
    return { images: [...current.images, ...added] };
  }).catch(async (error: unknown) => {
    await deleteBlobs(keysOf(added));
    throw error;
  });
  await keepBlobs(keysOf(added));
  await discardUploads(userId, consumedUploads(userId, sources));
  return model;
}

/** Deletes one photo (never the last); when it was the primary, the first remaining one becomes primary. */
export async function deleteModelImage(userId: string, { modelId, imageId }: ModelImageBody) {
  let removed: ModelImage | undefined;
  const model = await changeModel(userId, modelId, (current) => {
    removed = current.images.find((image) => image.id === imageId);
    if (!removed) throw new NotFoundError(MODEL_TEXTS.imageNotFound);
    if (current.images.length === 1) throw new BadRequestError(MODEL_TEXTS.lastImage);
    const rest = current.images.filter((image) => image.id !== imageId);
    const hasPrimary = rest.some((image) => image.is_primary);
    return {
      images: rest.map((image, index) => ({
        ...image,
        is_primary: image.is_primary || (!hasPrimary && index === 0),
      })),
    };
  });
  if (removed) await deleteBlobs(keysOf([removed]));
  return model;
}

/** Makes one photo the primary; setting the current primary again changes nothing. */
export async function setPrimaryModelImage(userId: string, { modelId, imageId }: ModelImageBody) {
  const model = await requireModel(userId, modelId);
  const image = model.images.find((candidate) => candidate.id === imageId);
  if (!image) throw new NotFoundError(MODEL_TEXTS.imageNotFound);
  if (image.is_primary) return model;
  return changeModel(
    userId,
    modelId,
    (current) => {
      if (!current.images.some((candidate) => candidate.id === imageId)) {
        throw new NotFoundError(MODEL_TEXTS.imageNotFound);
      }
      return {
        images: current.images.map((candidate) => ({ ...candidate, is_primary: candidate.id === imageId })),
      };
    },
    model,
  );
}

/** Deletes a model, uncounted, and then its photos from storage. Messages that used it keep working without it. */
export async function deleteModelWithImages(userId: string, modelId: string): Promise<void> {
  await countModels(userId);
  const deleted = await writeUnchanged(userId, modelId, async (model) =>
    (await deleteCountedModel(model)) ? model : undefined,
  );
  await deleteBlobs(keysOf(deleted.images));
}

export const listModels = (userId: string) => listModelsByUser(userId);

/** A model as the API answers it: keys signed into short-lived URLs, the primary photo first. */
export async function viewModel(model: PersonModel): Promise<WireModel> {
  const ordered = [...model.images].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  const images = await Promise.all(
    ordered.map(async (image) => ({
      id: image.id,
      image_url: await signedGetUrl(image.key),
      thumbnail_url: await signedGetUrl(image.thumbnail_key ?? image.key),
      is_primary: image.is_primary,
    })),
  );
  const primary = images.find((image) => image.is_primary) ?? images[0];
  return {
    id: model.id,
    name: model.name,
    images,
    image_url: primary?.image_url ?? null,
    thumbnail_url: primary?.thumbnail_url ?? null,
    usage_count: model.usage_count ?? 0,
    last_used_at: model.last_used_at ?? null,
    created_at: model.created_at ?? '',
  };
}
