import { useMutation } from '@tanstack/react-query';
import { endpoints, type PersonModel } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { useModelCacheUpdates } from './model-cache';
import { requireSession } from './require-session';

/** Renames a model. */
export async function updateModel({
  modelId,
  name,
}: {
  modelId: string;
  name: string;
}): Promise<PersonModel> {
  await requireSession();
  const { model } = await callApi(endpoints.updateModel, { body: { modelId, name: name.trim() } });
  return model;
}

export function useUpdateModel() {
  const cache = useModelCacheUpdates();
  return useMutation({ mutationFn: updateModel, onSuccess: cache.put, onSettled: cache.invalidate });
}
