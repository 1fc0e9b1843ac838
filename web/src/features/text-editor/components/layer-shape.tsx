import type { LayerBox, TextLayer } from '@thumbnail-studio/contract';
import { type FontStack, paintLayer } from '@thumbnail-studio/typeset';
import type Konva from 'konva';
import 'konva/lib/shapes/Path';
import 'konva/lib/shapes/Rect';
import { useMemo } from 'react';
import { Group, Path, Rect } from 'react-konva/lib/ReactKonvaCore';
import { type Guide, snapBox } from '../utils/snap';

/**
 * The canvas draws a blurred shadow with a spread of about twice the Gaussian σ the server's
 * SVG filter uses for the same shadow.
 */
export const CANVAS_BLUR_PER_SIGMA = 2;

/** How a box on the canvas is grabbed: selected, dragged (with guides) and resized. */
export interface BoxGestures {
  /** Screen pixels per frame pixel. */
  scale: number;
  onSelect(): void;
  /** The guides the layer snapped to while dragged (none when it is let go). */
  onGuides(guides: Guide[]): void;
  onMove(x: number, y: number): void;
  /** The box as the handles stretch it, in frame pixels (before it is kept in bounds). */
  onResize(box: LayerBox): void;
}

interface LayerShapeProps extends BoxGestures {
  layer: TextLayer;
  /** The layer's font, once loaded: until then only its box is there to grab. */
  fonts: FontStack | undefined;
}

/**
 * The props of a draggable group at `box`: dragging keeps it in the frame and snaps it to the
 * guides; the handles scale it, and the box takes the new size (drawn anew at scale 1).
 */
export function draggableBox(
  box: LayerBox,
  { scale, onSelect, onGuides, onMove, onResize }: BoxGestures,
): Konva.ContainerConfig & Record<`on${string}`, unknown> {
  const dragBound = (position: Konva.Vector2d) => {
    const snapped = snapBox({
      x: position.x / scale,
      y: position.y / scale,
      width: box.width,
      height: box.height,
    });
    onGuides(snapped.guides);
    return { x: snapped.x * scale, y: snapped.y * scale };
  };
  const onDragEnd = (event: Konva.KonvaEventObject<DragEvent>) => {
    onGuides([]);
    onMove(Math.round(event.target.x()), Math.round(event.target.y()));
  };
  const onTransform = (event: Konva.KonvaEventObject<Event>) => {
    const node = event.target;
    const resized = {
      x: node.x(),
      y: node.y(),
      width: box.width * node.scaleX(),
      height: box.height * node.scaleY(),
    };
    node.scale({ x: 1, y: 1 });
    onResize(resized);
  };
  return {
    x: box.x,
    y: box.y,
    draggable: true,
    dragBoundFunc: dragBound,
    onMouseDown: onSelect,
    onTouchStart: onSelect,
    onDragStart: onSelect,
    onDragEnd,
    onTransform,
    // The box kept in bounds, in whole pixels, is where the group stays.
    onTransformEnd: (event: Konva.KonvaEventObject<Event>) => event.target.position({ x: box.x, y: box.y }),
  };
}

/**
 * One text layer on the canvas, painted as the server paints it (the same outlines, fill, outline
 * stroke under the fill and blurred shadow of both) over an invisible box that takes clicks and
 * drags (draggableBox).
 */
export function LayerShape({ layer, fonts, ...gestures }: LayerShapeProps) {
  const paint = useMemo(() => (fonts ? paintLayer(fonts, layer) : undefined), [fonts, layer]);
  const { box } = layer;
  // Resized, the text is laid out again in the new box.
  return (
    <Group id={layer.id} name="text-layer" {...draggableBox(box, gestures)}>
      <Rect width={box.width} height={box.height} fill="transparent" />
      {paint && (
        <Path
          data={paint.d}
          x={-box.x}
          y={-box.y}
          listening={false}
          fill={paint.fill}
          {...(paint.stroke && {
            stroke: paint.stroke.colour,
            strokeWidth: paint.stroke.width,
            lineJoin: 'round',
            fillAfterStrokeEnabled: true,
          })}
          {...(paint.shadow && {
            shadowColor: '#000000',
            shadowOpacity: paint.shadow.opacity,
            shadowBlur: paint.shadow.blur * CANVAS_BLUR_PER_SIGMA,
            shadowOffset: { x: paint.shadow.offset, y: paint.shadow.offset },
          })}
        />
      )}
    </Group>
  );
}
