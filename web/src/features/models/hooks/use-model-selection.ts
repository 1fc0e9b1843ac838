import { MAX_MODELS_PER_MESSAGE, type PersonModel } from '@thumbnail-studio/contract';
import { useCallback, useMemo, useState } from 'react';
import { useModels } from '../api/get-models';

/**
 * The people featured in the next messages: chosen in the Manage Models dialog, kept for every message
 * until removed. A model that no longer exists (deleted) drops out of the selection.
 */
export function useModelSelection() {
  const models = useModels();
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const list = models.data;

  const selected = useMemo<PersonModel[]>(
    () =>
      list
        ? chosen.flatMap((id) => {
            const model = list.find((item) => item.id === id);
            return model ? [model] : [];
          })
        : [],
    [list, chosen],
  );
  // Until the list is read, the ids are kept as chosen; once read, only those that still exist.
  const selectedIds = useMemo(
    () => (list ? selected.map((model) => model.id) : chosen),
    [list, selected, chosen],
  );

  const apply = useCallback(
    (ids: readonly string[]) => setChosen([...new Set(ids)].slice(0, MAX_MODELS_PER_MESSAGE)),
    [],
  );
  const remove = useCallback(
    (id: string) => setChosen((current) => current.filter((item) => item !== id)),
    [],
  );

  return { selectedIds, selected, apply, remove };
}

export type ModelSelection = ReturnType<typeof useModelSelection>;
