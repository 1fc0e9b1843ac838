import { LAYER_FRAME, type LayerBox, SAFE_ZONE } from '@thumbnail-studio/contract';

/** A guide a box snapped to: a vertical line at `x` or a horizontal one at `y`, in frame pixels. */
export type Guide = { axis: 'x'; at: number } | { axis: 'y'; at: number };

/** How close (in frame pixels) an edge or centre comes to a guide before it sticks to it. */
export const SNAP_DISTANCE = 12;

/** The lines a box snaps to: the safe zone's edges and the frame's centre lines. */
export const GUIDES = {
  x: [SAFE_ZONE.x0, LAYER_FRAME.width / 2, SAFE_ZONE.x1],
  y: [SAFE_ZONE.y0, LAYER_FRAME.height / 2, SAFE_ZONE.y1],
} as const;

/** The nearest guide one of a box's edges or its centre is within reach of, and the shift onto it. */
function snapAxis(start: number, length: number, guides: readonly number[], distance: number) {
  let best: { shift: number; at: number } | null = null;
  for (const at of guides) {
    for (const point of [start, start + length / 2, start + length]) {
      const shift = at - point;
      if (Math.abs(shift) <= distance && (!best || Math.abs(shift) < Math.abs(best.shift)))
        best = { shift, at };
    }
  }
  return best;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where a box dragged to (`x`, `y`) lands: inside the frame, and onto a guide when one of its
 * edges or its centre comes within `distance` of it. Answers the guides it snapped to, to draw.
 */
export function snapBox(
  box: Pick<LayerBox, 'width' | 'height'> & { x: number; y: number },
  distance = SNAP_DISTANCE,
): { x: number; y: number; guides: Guide[] } {
  const guides: Guide[] = [];
  let { x, y } = box;
  const onX = snapAxis(x, box.width, GUIDES.x, distance);
  if (onX) {
    x += onX.shift;
    guides.push({ axis: 'x', at: onX.at });
  }
  const onY = snapAxis(y, box.height, GUIDES.y, distance);
  if (onY) {
    y += onY.shift;
    guides.push({ axis: 'y', at: onY.at });
  }
  return {
    x: clamp(x, 0, LAYER_FRAME.width - box.width),
    y: clamp(y, 0, LAYER_FRAME.height - box.height),
    guides,
  };
}

/** A box moved by (`dx`, `dy`) frame pixels, kept inside the frame (the arrow keys' nudge). */
export const nudgeBox = (box: LayerBox, dx: number, dy: number): { x: number; y: number } => ({
  x: clamp(box.x + dx, 0, LAYER_FRAME.width - box.width),
  y: clamp(box.y + dy, 0, LAYER_FRAME.height - box.height),
});

/** The smallest box a layer may be resized to, in frame pixels. */
export const MIN_BOX = { width: 40, height: 24 } as const;

/**
 * A box resized to (`box`), kept inside the frame and at least `MIN_BOX`, with whole pixels (what
 * the contract checks against the frame).
 */
export function fitBox(box: LayerBox): LayerBox {
  const x = clamp(Math.round(box.x), 0, LAYER_FRAME.width - MIN_BOX.width);
  const y = clamp(Math.round(box.y), 0, LAYER_FRAME.height - MIN_BOX.height);
  return {
    x,
    y,
    width: clamp(Math.round(box.width), MIN_BOX.width, LAYER_FRAME.width - x),
    height: clamp(Math.round(box.height), MIN_BOX.height, LAYER_FRAME.height - y),
  };
}
