import type { PixelBox } from '@thumbnail-studio/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { usePointerPainting } from '../hooks/use-pointer-painting';
import type { PaintTool } from '../types';
import { drawShapes } from '../utils/draw-mask';
import { initialRectCursor, isCursorKey, moveRectCursor } from '../utils/rect-cursor';
import type { ImageSize, Shape } from '../utils/shapes';

interface RegionCanvasProps {
  imageUrl: string;
  size: ImageSize;
  shapes: readonly Shape[];
  tool: PaintTool;
  brushSize: number;
  soft: boolean;
  onAdd(shapes: Shape[]): void;
  /** The id of the text that says which keys paint. */
  keysHelpId: string;
}

/** The painted area's tint: the accent colour (shown half see-through over the image). */
const tint = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--color-accent-500').trim() || '#8b5cf6';

/**
 * The image at full size with the painted area tinted over it. A mouse, a pen or a finger paints
 * with the chosen tool; with the keyboard, arrows move a rectangle, Shift+arrows size it, Enter
 * paints it and Delete erases it.
 */
export function RegionCanvas({
  imageUrl,
  size,
  shapes,
  tool,
  brushSize,
  soft,
  onAdd,
  keysHelpId,
}: RegionCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const painting = usePointerPainting({ canvas, size, tool, brushSize, soft, onAdd });
  const { live, dragged, hover } = painting;
  const [cursor, setCursor] = useState<PixelBox>(() => initialRectCursor(size));
  const [showCursor, setShowCursor] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, size.width, size.height);
    const drawn = dragged ? [...shapes, { kind: 'rect', mode: 'paint', box: dragged } as const] : shapes;
    drawShapes(context, drawn, tint(), live ?? undefined);
  }, [shapes, live, dragged, size]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (isCursorKey(event.key)) {
      event.preventDefault();
      setShowCursor(true);
      setCursor((current) => moveRectCursor(current, event.key, event.shiftKey, size));
    } else if (event.key === 'Enter' || event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      setShowCursor(true);
      onAdd([{ kind: 'rect', mode: event.key === 'Enter' ? 'paint' : 'erase', box: cursor }]);
    }
  };

  const ring = tool !== 'rectangle' && hover;
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard paints rectangles on the image
      tabIndex={0}
      role="application"
      aria-label="Image to paint on"
      aria-describedby={keysHelpId}
      onKeyDown={onKeyDown}
      onFocus={(event) => setShowCursor(event.currentTarget.matches(':focus-visible'))}
      onBlur={() => setShowCursor(false)}
      className="relative overflow-hidden rounded-lg bg-zinc-950 outline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-500"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      <img
        src={imageUrl}
        alt=""
        crossOrigin="anonymous"
        className="absolute inset-0 h-full w-full select-none"
        draggable={false}
      />
      <canvas
        ref={canvas}
        width={size.width}
        height={size.height}
        {...painting.handlers}
        className="absolute inset-0 h-full w-full cursor-crosshair touch-none opacity-50"
      />
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${size.width} ${size.height}`}
        className="pointer-events-none absolute inset-0 h-full w-full"
      >
        {ring && (
          <circle
            cx={ring[0]}
            cy={ring[1]}
            r={brushSize / 2}
            fill="none"
            stroke="white"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {showCursor && (
          <rect
            data-testid="keyboard-rectangle"
            {...cursor}
            fill="none"
            stroke="white"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
    </div>
  );
}
