import { LAYER_FRAME, LAYER_TEXT_AREA } from '@thumbnail-studio/contract';
import type { ScenePlan } from './scene';

/**
 * The studio's output: 16:9 and larger than the 1280x720 frame, as most providers' answers are
 * (Gemini's 1344x768, older OpenAI models' 1536x1024), so a local job is cropped and resized as theirs are.
 */
export const WIDTH = 1536;
export const HEIGHT = 864;
/** The text safe zone: at least 10% of each edge stays free of text. */
export const MARGIN_X = Math.round(WIDTH * 0.1);
export const MARGIN_Y = Math.round(HEIGHT * 0.1);
/** At most this many people are shown, as cut-outs are on most thumbnails. */
export const MAX_PEOPLE_SHOWN = 3;

export interface Disc {
  cx: number;
  cy: number;
  r: number;
}
export interface Square {
  cx: number;
  cy: number;
  size: number;
}

/** People's cut-outs as circles, on the right unless the scene's side is left (x as fractions of the width). */
const PEOPLE_SPOTS: Record<number, [number, number, number][]> = {
  1: [[0.78, 0.5, 0.38]],
  2: [
    [0.64, 0.56, 0.3],
    [0.83, 0.44, 0.3],
  ],
  3: [
    [0.6, 0.62, 0.24],
    [0.74, 0.38, 0.24],
    [0.865, 0.62, 0.24],
  ],
};

const mirror = (x: number, side: ScenePlan['side']) => (side === 'left' ? WIDTH - x : x);

/**
 * Where the shapes beside a text layer may start: right of its area (LAYER_TEXT_AREA, on the
 * left), in the studio's frame, with room for the outlines and rings drawn round them.
 */
export const RIGHT_OF_TEXT_LAYER =
  Math.ceil(((LAYER_TEXT_AREA.box.x + LAYER_TEXT_AREA.box.width) * WIDTH) / LAYER_FRAME.width) + 16;

/**
 * A shape (its centre and half its width) moved right of the text layer's area, and shrunk when
 * it is wider than the room left there.
 */
function clearOfTextLayer(cx: number, half: number) {
  const fits = Math.floor(Math.min(half, (WIDTH - RIGHT_OF_TEXT_LAYER) / 2));
  return { cx: Math.max(Math.round(cx), RIGHT_OF_TEXT_LAYER + fits), half: fits };
}

/** Where the people's cut-outs go; with a text layer, all of them right of its area. */
export function peopleDiscs(count: number, side: ScenePlan['side'], textLayer = false): Disc[] {
  const spots = PEOPLE_SPOTS[Math.min(count, MAX_PEOPLE_SHOWN)] ?? [];
  return spots.map(([x, y, r]) => {
    const disc = {
      cx: Math.round(mirror(x * WIDTH, side)),
      cy: Math.round(y * HEIGHT),
      r: Math.round(r * HEIGHT),
    };
    if (!textLayer) return disc;
    const { cx, half } = clearOfTextLayer(disc.cx, disc.r);
    return { ...disc, cx, r: half };
  });
}

/**
 * Where each subject goes: the focal one large on its side (or, when people are shown, small in
 * their upper corner), the others smaller at its outer corners; with a text layer, all of them
 * right of its area.
 */
export function subjectSquares(plan: ScenePlan, peopleCount: number): Square[] {
  const scale = plan.subjectScale;
  const spots: [number, number, number][] =
    peopleCount > 0
      ? [
          [0.9, 0.2, 0.3],
          [0.9, 0.82, 0.26],
          [0.56, 0.84, 0.22],
        ]
      : [
          [0.71, 0.52, 0.74],
          [0.915, 0.8, 0.3],
          [0.915, 0.2, 0.26],
        ];
  return plan.subjects.slice(0, spots.length).map((_, i) => {
    const [x, y, size] = spots[i] ?? [0.73, 0.52, 0.5];
    const square = {
      cx: Math.round(mirror(x * WIDTH, plan.side)),
      cy: Math.round(y * HEIGHT),
      size: Math.round(size * HEIGHT * scale),
    };
    if (!plan.textLayer) return square;
    const { cx, half } = clearOfTextLayer(square.cx, square.size / 2);
    return { ...square, cx, size: 2 * half };
  });
}

/** The frame's part a zoom keeps: centred on the focal point, inside the frame. */
export function zoomWindow(zoom: number, focus: { x: number; y: number }) {
  const width = Math.round(WIDTH / zoom);
  const height = Math.round(HEIGHT / zoom);
  const left = Math.round(Math.min(WIDTH - width, Math.max(0, focus.x - width / 2)));
  const top = Math.round(Math.min(HEIGHT - height, Math.max(0, focus.y - height / 2)));
  return { left, top, width, height };
}

/** The text's box: the safe zone on the side away from the subject (all of it when there is none). */
export function textBox(plan: ScenePlan, people: Disc[], hasSubject: boolean) {
  const height = HEIGHT - 2 * MARGIN_Y;
  const scale = plan.textScale;
  const sizes = { maxSize: Math.round(200 * scale), minSize: Math.max(48, Math.round(90 * scale)) };
  // Bigger text may reach further over the subject, so it grows even when it filled its box.
  const reach = Math.max(0, scale - 1) * WIDTH * 0.4;
  if (people.length === 0 && !hasSubject)
    return {
      x: MARGIN_X,
      y: MARGIN_Y,
      width: WIDTH - 2 * MARGIN_X,
      height,
      align: 'center' as const,
      ...sizes,
    };
  const inner =
    people.length > 0
      ? plan.side === 'left'
        ? Math.max(...people.map((p) => p.cx + p.r)) + 24
        : Math.min(...people.map((p) => p.cx - p.r)) - 24
      : mirror(WIDTH * 0.56, plan.side);
  const [left, right] =
    plan.side === 'left'
      ? [Math.max(inner - reach, MARGIN_X), WIDTH - MARGIN_X]
      : [MARGIN_X, Math.min(inner + reach, WIDTH - MARGIN_X)];
  return { x: left, y: MARGIN_Y, width: right - left, height, align: 'left' as const, ...sizes };
}
