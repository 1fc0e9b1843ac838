import { useMutation } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import type { ModelImageInput } from './delete-model-image';
import { useModelCacheUpdates } from './model-cache';
import { requireSession } from './require-session';

/** Makes one photo the model's primary (face) photo. */
export async function setPrimaryModelImage({ modelId, imageId }: ModelImageInput): Promise<PersonModel> {
  await requireSession();
  const { model } = await callApi(endpoints.setPrimaryModelImage, { body: { modelId, imageId } });
  return model;
}

export function useSetPrimaryModelImage() {
  const cache = useModelCacheUpdates();
  return useMutation({ mutationFn: setPrimaryModelImage, onSuccess: cache.put, onSettled: cache.invalidate });
}
