import { MAX_VARIATIONS } from '@thumbnail-studio/contract';
import { X } from 'lucide-react';
import { costText } from '../utils/cost-text';
import type { ImageChoice } from './variation-grid';

interface VariationsControlProps {
  value: number;
  onChange(value: number): void;
}

const COUNTS = Array.from({ length: MAX_VARIATIONS }, (_, i) => i + 1);

/** How many variations the next message asks for (1 to 4), and what they cost: a credit each. */
export function VariationsControl({ value, onChange }: VariationsControlProps) {
  return (
    <div className="flex items-center gap-2 px-2 pt-1 text-xs text-zinc-300">
      <label htmlFor="chat-variations">Variations</label>
      <select
        id="chat-variations"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-7 rounded-md border border-zinc-700 bg-zinc-900 px-1 text-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500"
      >
        {COUNTS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <span aria-live="polite">{costText(value)}</span>
    </div>
  );
}

interface ChosenImageChipProps {
  chosen: ImageChoice;
  onClear(): void;
}

/** Says which variation the next message edits ('Edit this one'), and takes the choice back. */
export function ChosenImageChip({ chosen, onClear }: ChosenImageChipProps) {
  return (
    <div className="flex items-center gap-1 px-2 pb-1 text-xs text-accent-300">
      <p role="status">Your next message edits variation {chosen.index + 1}.</p>
      <button
        type="button"
        onClick={onClear}
        aria-label="Stop editing the chosen variation"
        className="rounded p-1 text-zinc-300 hover:bg-zinc-700/60 hover:text-zinc-50"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
