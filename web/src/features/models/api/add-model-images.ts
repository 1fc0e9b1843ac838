import { useMutation } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { jsonBytes } from '../utils/photo-transport';
import { useModelCacheUpdates } from './model-cache';
import { preparePhotos } from './prepare-photos';
import { requireSession } from './require-session';

export interface AddModelImagesInput {
  modelId: string;
  files: readonly File[];
}

/** Adds photos (compressed in the browser) to a model. */
export async function addModelImages({ modelId, files }: AddModelImagesInput): Promise<PersonModel> {
  await requireSession();
  const images = await preparePhotos(files, jsonBytes({ modelId, images: [] }));
  const { model } = await callApi(endpoints.addModelImages, { body: { modelId, images } });
  return model;
}

export function useAddModelImages() {
  const cache = useModelCacheUpdates();
  return useMutation({ mutationFn: addModelImages, onSuccess: cache.put, onSettled: cache.invalidate });
}
