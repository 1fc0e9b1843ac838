import type { PersonModel } from '@thumbnail-studio/contract';
import { X } from 'lucide-react';
import { ModelThumbnail } from './model-thumbnail';

interface SelectedModelChipsProps {
  models: readonly PersonModel[];
  onRemove(id: string): void;
}

/** The people featured in the next messages, each with a remove button. */
export function SelectedModelChips({ models, onRemove }: SelectedModelChipsProps) {
  if (models.length === 0) return null;
  return (
    <ul aria-label="Selected people" className="flex flex-wrap gap-2 px-1 pb-2">
      {models.map((model) => (
        <li
          key={model.id}
          className="flex max-w-full items-center gap-1.5 rounded-full border border-accent-500/40 bg-accent-600/15 py-0.5 pr-0.5 pl-0.5 text-xs text-zinc-100"
        >
          <ModelThumbnail url={model.thumbnail_url ?? model.image_url} className="size-6 rounded-full" />
          <span className="max-w-32 truncate">{model.name}</span>
          <button
            type="button"
            onClick={() => onRemove(model.id)}
            aria-label={`Remove ${model.name}`}
            className="rounded-full p-1.5 text-zinc-300 hover:bg-zinc-700 hover:text-zinc-50"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
