import { MAX_MODEL_IMAGES, MODEL_TEXTS, type PersonModel as WireModel } from '@thumbnail-studio/contract';
import { deleteBlobs, keepBlobs, putBlob, signedGetUrl } from '../adapters/blob-store';
import {
  deleteModel,
  getModelById,
  listModelsByUser,
  type ModelImage,
  modelKey,
  type PersonModel,
  putNewModel,
  updateModel,
} from '../data/models-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { makeThumbnail, normalizeImage } from '../lib/images';
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

/** A new model with its photos, the first one primary; nothing is kept if anything fails. */
export async function createModel(userId: string, name: string, sources: string[]): Promise<PersonModel> {
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
  const stored = await putNewModel(model).catch(async (error: unknown) => {
    await deleteBlobs(keysOf(images));
    throw error;
  });
  if (!stored) {
    await deleteBlobs(keysOf(images));
    throw new Error(`model ${id} exists already`);
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

/** A change made against the model as read; a concurrent change means trying again from a fresh read. */
async function changeModel(
  userId: string,
  modelId: string,
  change: (
    model: PersonModel,
  ) => Promise<{ changes: Partial<Pick<PersonModel, 'name' | 'images'>>; undo?: () => Promise<void> }>,
): Promise<PersonModel> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const model = await requireModel(userId, modelId);
    const { changes, undo } = await change(model);
    const updated = await updateModel(model, changes);
    if (updated) return updated;
    await undo?.();
  }
  throw new Error(`model ${modelId} kept changing`);
}

export const renameModel = (userId: string, modelId: string, name: string) =>
  changeModel(userId, modelId, async () => ({ changes: { name } }));

/** Adds photos, up to the limit of 20 per model. */
export async function addModelImages(userId: string, modelId: string, sources: string[]) {
  let added: ModelImage[] = [];
  const model = await changeModel(userId, modelId, async (current) => {
    if (current.images.length + sources.length > MAX_MODEL_IMAGES)
      throw new BadRequestError(MODEL_TEXTS.tooManyImages);
    added = await storePhotos(userId, modelId, sources);
    return { changes: { images: [...current.images, ...added] }, undo: () => deleteBlobs(keysOf(added)) };
  });
  await keepBlobs(keysOf(added));
  await discardUploads(userId, consumedUploads(userId, sources));
  return model;
}

/** Deletes one photo (never the last); when it was the primary, the first remaining one becomes primary. */
export async function deleteModelImage(userId: string, modelId: string, imageId: string) {
  let removed: ModelImage | undefined;
  const model = await changeModel(userId, modelId, async (current) => {
    removed = current.images.find((image) => image.id === imageId);
    if (!removed) throw new NotFoundError(MODEL_TEXTS.imageNotFound);
    if (current.images.length === 1) throw new BadRequestError(MODEL_TEXTS.lastImage);
    const rest = current.images.filter((image) => image.id !== imageId);
    const hasPrimary = rest.some((image) => image.is_primary);
    return {
      changes: {
        images: rest.map((image, index) => ({
          ...image,
          is_primary: image.is_primary || (!hasPrimary && index === 0),
        })),
      },
    };
  });
  if (removed) await deleteBlobs(keysOf([removed]));
  return model;
}

/** Makes one photo the primary; setting the current primary again changes nothing. */
export async function setPrimaryModelImage(userId: string, modelId: string, imageId: string) {
  const model = await requireModel(userId, modelId);
  const image = model.images.find((candidate) => candidate.id === imageId);
  if (!image) throw new NotFoundError(MODEL_TEXTS.imageNotFound);
  if (image.is_primary) return model;
  return changeModel(userId, modelId, async (current) => {
    if (!current.images.some((candidate) => candidate.id === imageId)) {
      throw new NotFoundError(MODEL_TEXTS.imageNotFound);
    }
    return {
      changes: {
        images: current.images.map((candidate) => ({ ...candidate, is_primary: candidate.id === imageId })),
      },
    };
  });
}

/** Deletes a model and its photos from storage. Messages that used it keep working without it. */
export async function deleteModelWithImages(userId: string, modelId: string): Promise<void> {
  const deleted = await deleteModel(userId, modelId);
  if (!deleted) throw new NotFoundError(MODEL_TEXTS.modelNotFound);
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
