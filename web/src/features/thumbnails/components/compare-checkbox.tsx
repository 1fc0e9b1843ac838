import { useId } from 'react';

interface CompareCheckboxProps {
  title: string;
  /** The thumbnail's number in the zip (from 1), or undefined while it is not chosen. */
  position: number | undefined;
  onToggle(): void;
}

/** Chooses a gallery card for Test & Compare; once chosen it shows its number in the zip. */
export function CompareCheckbox({ title, position, onToggle }: CompareCheckboxProps) {
  const numberId = useId();
  const chosen = position !== undefined;
  return (
    <label className="absolute top-2 left-2 flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-zinc-950/85 px-2.5 text-sm font-medium text-zinc-50 shadow">
      <input
        type="checkbox"
        checked={chosen}
        onChange={onToggle}
        aria-label={`Choose for Test & Compare: ${title}`}
        aria-describedby={chosen ? numberId : undefined}
        className="size-4 cursor-pointer accent-accent-600"
      />
      {chosen ? (
        <span id={numberId} className="min-w-4 text-center text-base font-bold">
          <span className="sr-only">Number </span>
          {position}
        </span>
      ) : (
        <span aria-hidden="true">Choose</span>
      )}
    </label>
  );
}
