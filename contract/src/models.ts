import * as z from 'zod/mini';

/** A model (a saved person) holds at most this many photos. */
export const MAX_MODEL_IMAGES = 20;
/** Longest name a model can have. */
export const MAX_MODEL_NAME_LENGTH = 100;

export const MODEL_TEXTS = {
  nameAndImageRequired: 'Name and at least one image are required',
  notAuthenticated: 'Not authenticated',
  uploadFailed: 'Failed to upload model',
  updateNameFailed: 'Failed to update name',
  updateFailed: 'Failed to update model',
  setPrimaryFailed: 'Failed to set primary image',
  deleteImageFailed: 'Failed to delete image',
  loadFailed: 'Failed to load models',
  deleteFailed: 'Failed to delete model',
  addImagesFailed: 'Failed to add images',
  fetchFailed: 'Failed to fetch models',
  confirmDeleteImage: 'Are you sure you want to delete this image?',
  confirmDeleteModel: 'Are you sure you want to delete this model?',
  tooManyImages: `A model can have at most ${MAX_MODEL_IMAGES} images`,
  modelNotFound: 'Model not found',
  imageNotFound: 'Image not found',
  lastImage: 'The last image of a model cannot be deleted',
  changedMeanwhile: 'This model changed meanwhile, please try again',
} as const;

/** When an account already has the most models it may keep (a setting of the site). */
export const tooManyModelsText = (cap: number) =>
  `You can keep at most ${cap} models. Delete one to add another.`;

/** One photo of a model: a short-lived URL of the photo and of its thumbnail. */
export const modelImageSchema = z.object({
  id: z.string(),
  image_url: z.string(),
  thumbnail_url: z.string(),
  /** Exactly one photo of a model is its primary (face) photo. */
  is_primary: z.boolean(),
});
export type ModelImage = z.infer<typeof modelImageSchema>;

/** A saved person: a name and photos; `image_url`/`thumbnail_url` are the primary photo's. */
export const personModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  images: z.array(modelImageSchema),
  image_url: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  usage_count: z._default(z.int(), 0),
  last_used_at: z._default(z.nullable(z.string()), null),
  created_at: z.string(),
});
export type PersonModel = z.infer<typeof personModelSchema>;

export const modelListSchema = z.object({ models: z.array(personModelSchema) });
export const modelAnswerSchema = z.object({ model: personModelSchema });

const modelName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, MODEL_TEXTS.nameAndImageRequired),
    z.maxLength(MAX_MODEL_NAME_LENGTH, `A name has at most ${MAX_MODEL_NAME_LENGTH} characters`),
  );
/** A photo: a `data:image/...;base64,` URL, or the key of an image uploaded through `POST /api/uploads`. */
const imageSource = z.string().check(z.minLength(1), z.maxLength(15_000_000));
const images = z
  .array(imageSource)
  .check(
    z.minLength(1, MODEL_TEXTS.nameAndImageRequired),
    z.maxLength(MAX_MODEL_IMAGES, MODEL_TEXTS.tooManyImages),
  );
const id = z.string().check(z.minLength(1), z.maxLength(256));

/** A new model: its name and photos, the first one primary. */
export const uploadModelBodySchema = z.object({ name: modelName, images });
export const updateModelBodySchema = z.object({ modelId: id, name: modelName });
export const deleteModelBodySchema = z.object({ modelId: id });
export const addModelImagesBodySchema = z.object({ modelId: id, images });
/** Deletes one photo (DELETE) or makes it the primary (PUT). */
export const modelImageBodySchema = z.object({ modelId: id, imageId: id });
export type UploadModelBody = z.infer<typeof uploadModelBodySchema>;
export type UpdateModelBody = z.infer<typeof updateModelBodySchema>;
export type AddModelImagesBody = z.infer<typeof addModelImagesBodySchema>;
export type ModelImageBody = z.infer<typeof modelImageBodySchema>;
