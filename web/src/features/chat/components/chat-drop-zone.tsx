import { ImagePlus } from 'lucide-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The whole chat area takes dropped image files, and lights up while files are dragged over it. */
export function ChatDropZone({ onFiles, children }: { onFiles(files: File[]): void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child; count them so the highlight does not flicker.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the attach button does the same
    <div
      className="relative flex min-h-0 flex-1 flex-col"
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {children}
      {dragging && (
        <div className="pointer-events-none absolute inset-2 z-20 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-accent-400 bg-zinc-950/85 text-zinc-50">
          <ImagePlus aria-hidden="true" className="size-8 text-accent-400" />
          <p className="text-sm font-medium">Drop images to use them as references</p>
        </div>
      )}
    </div>
  );
}
