import { useMutation } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { useModelCacheUpdates } from './model-cache';
import { requireSession } from './require-session';

export interface ModelImageInput {
  modelId: string;
  imageId: string;
}

/** Deletes one photo of a model (never its last one; the backend refuses that). */
export async function deleteModelImage({ modelId, imageId }: ModelImageInput): Promise<PersonModel> {
  await requireSession();
  const { model } = await callApi(endpoints.deleteModelImage, { body: { modelId, imageId } });
  return model;
}

export function useDeleteModelImage() {
  const cache = useModelCacheUpdates();
  return useMutation({ mutationFn: deleteModelImage, onSuccess: cache.put, onSettled: cache.invalidate });
}
