import {
  BADGE_CORNER,
  type FontId,
  type Rect as FrameRect,
  LAYER_FRAME,
  type LayerBox,
  type LogoLayer,
  SAFE_ZONE,
  type TextLayer,
} from '@thumbnail-studio/contract';
import type { FontStack } from '@thumbnail-studio/typeset';
import type Konva from 'konva';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Transformer';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Image, Layer, Line, Rect, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore';
import { useElementWidth } from '../hooks/use-element-width';
import { type EditorAction, LOGO_ID } from '../utils/layers-history';
import { fitBox, type Guide, MIN_BOX, nudgeBox } from '../utils/snap';
import { LayerShape } from './layer-shape';
import { LogoShape } from './logo-shape';

interface LayerCanvasProps {
  /** The picture under the text, loaded for drawing. */
  base: HTMLImageElement | null;
  layers: readonly TextLayer[];
  logo: LogoLayer | null;
  selected: string | null;
  fonts: ReadonlyMap<FontId, FontStack>;
  dispatch(action: EditorAction): void;
}

const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
const GUIDE_COLOUR = '#38bdf8';

/**
 * The image at full size, fit to the space: the base with the layers painted over it (the layer
 * named `picture`, exactly what the server renders), and over that the guides (safe zone, the
 * badge's corner, the lines a dragged layer snapped to) and the selected layer's handles. The
 * logo layer lies under the text, as the server draws it, and keeps its proportions when resized.
 * Keyboard: arrows move the selected layer 1 px (10 with Shift), Delete removes it.
 */
export function LayerCanvas({ base, layers, logo, selected, fonts, dispatch }: LayerCanvasProps) {
  const [container, width] = useElementWidth<HTMLDivElement>();
  const scale = width / LAYER_FRAME.width;
  const stage = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const gesture = useRef('');
  const [anchorSize] = useState(() => (coarsePointer() ? 22 : 10));

  // The handles follow the selected layer's node, which exists once the stage has a width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layers and width re-run it when that node is drawn anew
  useEffect(() => {
    const node = selected ? stage.current?.findOne((item: Konva.Node) => item.id() === selected) : undefined;
    transformer.current?.nodes(node ? [node] : []);
  }, [selected, layers, logo, width]);

  const logoSelected = selected === LOGO_ID && logo !== null;
  const selectedLayer = logoSelected
    ? { id: LOGO_ID, box: logo.box }
    : layers.find((layer) => layer.id === selected);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!selectedLayer) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const to = nudgeBox(selectedLayer.box, ...move);
      dispatch(logoSelected ? { type: 'move-logo', ...to } : { type: 'move', id: selectedLayer.id, ...to });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch(logoSelected ? { type: 'remove-logo' } : { type: 'remove', id: selectedLayer.id });
    }
  };
  const boundBox = (old: Konva.Box, next: Konva.Box) => {
    const inside =
      next.x >= -1 &&
      next.y >= -1 &&
      next.x + next.width <= width + 1 &&
      next.y + next.height <= LAYER_FRAME.height * scale + 1;
    const bigEnough = next.width >= MIN_BOX.width * scale && next.height >= MIN_BOX.height * scale;
    return inside && bigEnough ? next : old;
  };
  const onEmpty = (event: Konva.KonvaEventObject<Event>) => {
    if (event.target === event.target.getStage()) dispatch({ type: 'select', id: null });
  };

  return (
    <div
      ref={container}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the arrow keys for the selected layer
      tabIndex={0}
      role="application"
      aria-label="Image with its text and logo layers. Arrow keys move the selected layer, Shift for 10 pixels; Delete removes it."
      onKeyDown={onKeyDown}
      data-testid="text-editor-canvas"
      className="aspect-video w-full overflow-hidden rounded-lg bg-zinc-950 outline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-500"
    >
      {width > 0 && (
        <Stage
          ref={stage}
          width={width}
          height={LAYER_FRAME.height * scale}
          scaleX={scale}
          scaleY={scale}
          onMouseDown={onEmpty}
          onTouchStart={onEmpty}
        >
          <Layer name="picture">
            {base && (
              <Image image={base} width={LAYER_FRAME.width} height={LAYER_FRAME.height} listening={false} />
            )}
            {logo && (
              <LogoShape
                logo={logo}
                scale={scale}
                onSelect={() => !logoSelected && dispatch({ type: 'select', id: LOGO_ID })}
                onGuides={setGuides}
                onMove={(x, y) => dispatch({ type: 'move-logo', x, y })}
                onResize={(box) =>
                  dispatch({ type: 'resize-logo', box: fitBox(box), gesture: gesture.current })
                }
              />
            )}
            {layers.map((layer) => (
              <LayerShape
                key={layer.id}
                layer={layer}
                fonts={fonts.get(layer.font)}
                scale={scale}
                onSelect={() => selected !== layer.id && dispatch({ type: 'select', id: layer.id })}
                onGuides={setGuides}
                onMove={(x, y) => dispatch({ type: 'move', id: layer.id, x, y })}
                onResize={(box) =>
                  dispatch({ type: 'resize', id: layer.id, box: fitBox(box), gesture: gesture.current })
                }
              />
            ))}
          </Layer>
          <Layer listening={false}>
            <Guides guides={guides} scale={scale} boxes={unselectedBoxes(layers, logo, selected)} />
          </Layer>
          <Layer>
            <Transformer
              ref={transformer}
              rotateEnabled={false}
              flipEnabled={false}
              keepRatio={logoSelected}
              enabledAnchors={logoSelected ? CORNER_ANCHORS : undefined}
              ignoreStroke
              anchorSize={anchorSize}
              anchorCornerRadius={anchorSize / 2}
              borderStroke={GUIDE_COLOUR}
              anchorStroke={GUIDE_COLOUR}
              boundBoxFunc={boundBox}
              onTransformStart={() => {
                gesture.current = `resize-${Date.now()}`;
              }}
            />
          </Layer>
        </Stage>
      )}
    </div>
  );
}

/** A logo is resized from its corners only, keeping its proportions. */
const CORNER_ANCHORS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** The boxes of the layers not selected (the logo's among them), each outlined on the canvas. */
const unselectedBoxes = (layers: readonly TextLayer[], logo: LogoLayer | null, selected: string | null) => [
  ...(logo && selected !== LOGO_ID ? [{ id: LOGO_ID, box: logo.box }] : []),
  ...layers.filter((layer) => layer.id !== selected).map(({ id, box }) => ({ id, box })),
];

const boxOf = (rect: FrameRect) => ({
  x: rect.x0,
  y: rect.y0,
  width: rect.x1 - rect.x0,
  height: rect.y1 - rect.y0,
});

interface GuidesProps {
  guides: Guide[];
  scale: number;
  /** The boxes to outline: every layer's but the selected one's. */
  boxes: readonly { id: string; box: LayerBox }[];
}

/** What the canvas marks but never saves: the safe zone, the badge corner, layer boxes and snap lines. */
function Guides({ guides, scale, boxes }: GuidesProps) {
  const thin = 1 / scale;
  return (
    <>
      <Rect
        {...boxOf(SAFE_ZONE)}
        stroke="#ffffff"
        opacity={0.35}
        strokeWidth={thin}
        dash={[6 * thin, 6 * thin]}
      />
      <Rect {...boxOf(BADGE_CORNER)} fill="#000000" opacity={0.45} stroke="#fbbf24" strokeWidth={2 * thin} />
      {boxes.map(({ id, box }) => (
        <Rect
          key={id}
          {...box}
          stroke="#ffffff"
          opacity={0.5}
          strokeWidth={thin}
          dash={[4 * thin, 4 * thin]}
        />
      ))}
      {guides.map((guide) => (
        <Line
          key={`${guide.axis}${guide.at}`}
          points={
            guide.axis === 'x'
              ? [guide.at, 0, guide.at, LAYER_FRAME.height]
              : [0, guide.at, LAYER_FRAME.width, guide.at]
          }
          stroke={GUIDE_COLOUR}
          strokeWidth={thin}
        />
      ))}
    </>
  );
}
