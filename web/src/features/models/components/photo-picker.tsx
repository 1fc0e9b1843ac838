import { ImagePlus } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { cn } from '../../../lib/cn';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface PhotoPickerProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** Shown under the button, e.g. how many photos a model can have. */
  hint?: ReactNode;
  /** The photos so far; dropping onto them adds more too. */
  children?: ReactNode;
}

/** 'Add photos' (a file input taking several images) and a drop area around the photos picked so far. */
export function PhotoPicker({ onFiles, disabled = false, hint, children }: PhotoPickerProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; 'Add photos' does the same
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col gap-3 rounded-xl border-2 border-dashed p-3 transition-colors',
        dragging ? 'border-accent-400 bg-accent-600/10' : 'border-zinc-700',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          className="peer sr-only"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-zinc-700 bg-zinc-900 px-4 text-sm font-medium text-zinc-100 hover:bg-zinc-800',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-400',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photos
        </label>
        <span className="text-sm text-zinc-400">or drop them here</span>
      </div>
      {hint && <p className="text-xs text-zinc-400">{hint}</p>}
      {children}
    </div>
  );
}
