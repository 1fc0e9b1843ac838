import { UserRound } from 'lucide-react';
import { useModels } from '../api/get-models';

/**
 * The people a message featured, by name from the models list. Models deleted since (or not loaded)
 * are left out; with none to name, nothing shows.
 */
export function MessagePeople({ ids }: { ids: readonly string[] }) {
  const { data: models } = useModels();
  if (!models || ids.length === 0) return null;
  const featured = [...new Set(ids)].flatMap((id) => {
    const model = models.find((item) => item.id === id);
    return model ? [model] : [];
  });
  if (featured.length === 0) return null;
  return (
    <ul aria-label="People featured" className="flex flex-wrap justify-end gap-1.5">
      {featured.map((model) => (
        <li
          key={model.id}
          className="inline-flex max-w-48 items-center gap-1 rounded-full border border-zinc-700 bg-zinc-900 px-2 py-0.5 text-xs text-zinc-200"
        >
          <UserRound aria-hidden="true" className="size-3 shrink-0 text-accent-400" />
          <span className="truncate">{model.name}</span>
        </li>
      ))}
    </ul>
  );
}
