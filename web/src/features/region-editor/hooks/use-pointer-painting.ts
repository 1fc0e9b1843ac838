import type { PixelBox } from '@thumbnail-studio/contract';
import { type PointerEvent, type RefObject, useRef, useState } from 'react';
import type { PaintTool } from '../types';
import { clampBox, type ImageSize, type Shape, type Stroke } from '../utils/shapes';

interface PointerPaintingOptions {
  canvas: RefObject<HTMLCanvasElement | null>;
  size: ImageSize;
  tool: PaintTool;
  brushSize: number;
  soft: boolean;
  onAdd(shapes: Shape[]): void;
}

/** A rectangle being dragged out: where the pointer went down, and where it is. */
type Drag = { from: number[]; to: number[] };

/** The box two corners span. */
const spanned = ([x0, y0]: number[], [x1, y1]: number[]): PixelBox => ({
  x: Math.min(x0 ?? 0, x1 ?? 0),
  y: Math.min(y0 ?? 0, y1 ?? 0),
  width: Math.abs((x1 ?? 0) - (x0 ?? 0)),
  height: Math.abs((y1 ?? 0) - (y0 ?? 0)),
});

/**
 * Painting with a mouse, a pen or a finger (pointer events): the brush and the eraser follow the
 * pointer (every point the browser saw, a pen's pressure with them), the rectangle spans the drag.
 * One pointer at a time; a gesture the browser cancels adds nothing. `live` and `dragged` are what
 * is being drawn now; `hover` where a mouse or pen points while not drawing.
 */
export function usePointerPainting({ canvas, size, tool, brushSize, soft, onAdd }: PointerPaintingOptions) {
  const pointer = useRef<number | null>(null);
  // What is being drawn is kept beside its state, so a lift right after a move ends it whole.
  const liveRef = useRef<Stroke | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const [live, setLiveState] = useState<Stroke | null>(null);
  const [drag, setDragState] = useState<Drag | null>(null);
  const setLive = (stroke: Stroke | null) => {
    liveRef.current = stroke;
    setLiveState(stroke);
  };
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  };
  const [hover, setHover] = useState<[number, number] | null>(null);

  const toImage = (event: { clientX: number; clientY: number; pressure: number; pointerType: string }) => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect?.width || !rect.height) return [0, 0, 0.5] as [number, number, number];
    const pen = event.pointerType === 'pen';
    return [
      ((event.clientX - rect.left) / rect.width) * size.width,
      ((event.clientY - rect.top) / rect.height) * size.height,
      pen && event.pressure > 0 ? event.pressure : 0.5,
    ] as [number, number, number];
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== null || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointer.current = event.pointerId;
    const point = toImage(event);
    setHover(null);
    if (tool === 'rectangle') {
      setDrag({ from: point, to: point });
      return;
    }
    const mode = tool === 'eraser' ? 'erase' : 'paint';
    const pressure = event.pointerType === 'pen';
    setLive({ kind: 'stroke', mode, points: [point], size: brushSize, pressure, soft });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) {
      if (pointer.current === null && event.pointerType !== 'touch')
        setHover(toImage(event).slice(0, 2) as [number, number]);
      return;
    }
    const seen = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = (seen.length ? seen : [event]).map(toImage);
    const dragging = dragRef.current;
    const stroke = liveRef.current;
    if (dragging) setDrag({ ...dragging, to: points.at(-1) ?? dragging.to });
    if (stroke) setLive({ ...stroke, points: [...stroke.points, ...points] });
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>, keep: boolean) => {
    if (pointer.current !== event.pointerId) return;
    pointer.current = null;
    const stroke = liveRef.current;
    const dragging = dragRef.current;
    if (keep && stroke) onAdd([stroke]);
    const box = dragging && clampBox(spanned(dragging.from, dragging.to), size);
    if (keep && box && box.width >= 2 && box.height >= 2) onAdd([{ kind: 'rect', mode: 'paint', box }]);
    setLive(null);
    setDrag(null);
  };

  const dragged = drag ? clampBox(spanned(drag.from, drag.to), size) : null;
  return {
    live,
    dragged,
    hover,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLCanvasElement>) => finish(event, true),
      onPointerCancel: (event: PointerEvent<HTMLCanvasElement>) => finish(event, false),
      onPointerLeave: () => setHover(null),
    },
  };
}
