import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { PersonModel } from '@thumbnail-studio/contract';
import { useMemo } from 'react';

/** The one query key of the caller's models; every change invalidates it. */
export const modelsQueryKey = ['models'] as const;

/** The list with `model` as the server answered it: replaced in place, or added at the end. */
export function withModel(list: readonly PersonModel[], model: PersonModel): PersonModel[] {
  return list.some((item) => item.id === model.id)
    ? list.map((item) => (item.id === model.id ? model : item))
    : [...list, model];
}

function invalidateModels(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: modelsQueryKey });
}

/**
 * What every model mutation does with the cache: a changed model is shown at once from the answer, a
 * deleted one is taken out, and afterwards (success or not) the list is read again.
 */
export function useModelCacheUpdates() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      put: (model: PersonModel) =>
        queryClient.setQueryData<PersonModel[]>(modelsQueryKey, (list) => list && withModel(list, model)),
      drop: (modelId: string) =>
        queryClient.setQueryData<PersonModel[]>(modelsQueryKey, (list) =>
          list?.filter((item) => item.id !== modelId),
        ),
      invalidate: () => invalidateModels(queryClient),
    }),
    [queryClient],
  );
}
