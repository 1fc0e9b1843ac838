import { MAX_TEXT_LAYERS, type TextLayer } from '@thumbnail-studio/contract';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface LayerListProps {
  layers: readonly TextLayer[];
  selected: string | null;
  onSelect(id: string): void;
  onAdd(): void;
  onRemove(id: string): void;
}

/** The image's text layers by their words: choose one to edit, add one (up to the limit), delete one. */
export function LayerList({ layers, selected, onSelect, onAdd, onRemove }: LayerListProps) {
  const full = layers.length >= MAX_TEXT_LAYERS;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-100">
          Text layers{' '}
          <span className="font-normal text-zinc-400">
            ({layers.length}/{MAX_TEXT_LAYERS})
          </span>
        </h3>
        <Button size="sm" variant="secondary" onClick={onAdd} disabled={full}>
          <Plus aria-hidden="true" className="size-4" /> Add text
        </Button>
      </div>
      {full && <p className="text-xs text-zinc-400">An image holds at most {MAX_TEXT_LAYERS} text layers.</p>}
      {layers.length === 0 && <p className="text-sm text-zinc-400">No text yet: add some.</p>}
      <ul className="flex flex-col gap-1">
        {layers.map((layer) => (
          <li key={layer.id} className="flex items-center gap-1">
            <button
              type="button"
              aria-pressed={layer.id === selected}
              onClick={() => onSelect(layer.id)}
              className={cn(
                'min-w-0 flex-1 truncate rounded-lg px-2 py-1.5 text-left text-sm text-zinc-200 hover:bg-zinc-800',
                layer.id === selected && 'bg-zinc-800 ring-1 ring-accent-500',
              )}
            >
              {layer.text.trim() || '(no words)'}
            </button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete '${layer.text.trim() || 'empty layer'}'`}
              onClick={() => onRemove(layer.id)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
