import {
  addModelImagesBodySchema,
  deleteModelBodySchema,
  modelImageBodySchema,
  putBrandKitBodySchema,
  updateModelBodySchema,
  uploadModelBodySchema,
} from '@thumbnail-studio/contract';
import { createApiHandler, json, noContent, parseBody } from '../lib/http';
import type { RouteKey } from '../routes';
import { getBrandKit, saveBrandKit } from '../services/brand-kit';
import {
  addModelImages,
  createModel,
  deleteModelImage,
  deleteModelWithImages,
  listModels,
  renameModel,
  setPrimaryModelImage,
  viewModel,
} from '../services/models';
import { takeRateLimit } from '../services/rate-limits';

/** Every model answer is the model as it now is, its photos signed into short-lived URLs. */
const modelAnswer = async (status: number, model: Parameters<typeof viewModel>[0]) =>
  json(status, { model: await viewModel(model) });

export const handler = createApiHandler<RouteKey<'models'>>({
  'POST /api/models-upload': async ({ userId, event }) => {
    await takeRateLimit(userId, 'storeModelPhotos');
    return modelAnswer(201, await createModel(userId, parseBody(event, uploadModelBodySchema)));
  },

  // Deleting is permanent, so every stored model is active: `?active=` filters nothing out.
  'GET /api/models-list': async ({ userId, event }) => {
    const active = event.queryStringParameters?.active;
    const models = active === 'false' ? [] : await listModels(userId);
    return json(200, { models: await Promise.all(models.map(viewModel)) });
  },

  'PUT /api/models-update': async ({ userId, event }) =>
    modelAnswer(200, await renameModel(userId, parseBody(event, updateModelBodySchema))),

  'DELETE /api/models-delete': async ({ userId, event }) => {
    const { modelId } = parseBody(event, deleteModelBodySchema);
    await deleteModelWithImages(userId, modelId);
    return noContent();
  },

  'POST /api/models-images': async ({ userId, event }) => {
    await takeRateLimit(userId, 'storeModelPhotos');
    return modelAnswer(200, await addModelImages(userId, parseBody(event, addModelImagesBodySchema)));
  },

  'DELETE /api/models-images': async ({ userId, event }) =>
    modelAnswer(200, await deleteModelImage(userId, parseBody(event, modelImageBodySchema))),

  'PUT /api/models-images': async ({ userId, event }) =>
    modelAnswer(200, await setPrimaryModelImage(userId, parseBody(event, modelImageBodySchema))),

  'GET /api/brand-kit': async ({ userId }) => json(200, await getBrandKit(userId)),

  'PUT /api/brand-kit': async ({ userId, event }) =>
    json(200, await saveBrandKit(userId, parseBody(event, putBrandKitBodySchema))),
});
