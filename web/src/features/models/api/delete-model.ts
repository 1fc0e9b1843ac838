import { useMutation } from '@tanstack/react-query';
import { endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { useModelCacheUpdates } from './model-cache';
import { requireSession } from './require-session';

/** Deletes a model and its photos, for good. */
export async function deleteModel(modelId: string): Promise<void> {
  await requireSession();
  await callApi(endpoints.deleteModel, { body: { modelId } });
}

export function useDeleteModel() {
  const cache = useModelCacheUpdates();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: (_, modelId) => cache.drop(modelId),
    onSettled: cache.invalidate,
  });
}
