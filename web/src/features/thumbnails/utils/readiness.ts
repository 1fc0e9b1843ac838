import {
  LEGIBILITY_EDIT_PROMPT,
  LEGIBILITY_FRAME,
  type Legibility,
  MAKE_READABLE,
  SAFE_ZONE,
  type TextBox,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { focalRegions, type RgbaPixels, subjectContrast } from './image-figures';
import {
  badgeRect,
  layoutsHidingBoxes,
  overlaps,
  type Rect,
  YOUTUBE_LAYOUTS,
  type YouTubeLayout,
} from './youtube-layouts';

/**
 * The readiness check: what makes a thumbnail easy to take in at feed size, item by item, each
 * a pass or a warning in plain words with where on the image it is. Everything is worked out
 * from what is already known of the image (its text and face checks, its text layers) and its
 * own pixels, at no credit and with no provider call. It says nothing of how many will click.
 */

/** The one line shown with the check, saying what it is and what it is not. */
export const READINESS_EXPLAINER =
  'Readiness checks what makes a thumbnail easy to see at feed size. It does not predict clicks.';

/** A face reads in the feed when its box is at least this share of the frame's height (16 px at 168x94). */
export const MIN_FACE_SHARE = 1 / 6;
/** A subject stands out when its colour is at least this far (CIE76 ΔE) from what surrounds it. */
export const MIN_SUBJECT_CONTRAST = 20;
/** More places than this competing for the eye make a busy thumbnail. */
export const MAX_FOCAL_REGIONS = 3;

/** Paid fixes: the edits offered, which the creator reads and may change before sending. */
export const READINESS_EDITS = {
  text: LEGIBILITY_EDIT_PROMPT,
  face: 'Make the main face bigger: frame it closer so it fills about a third of the height. Keep the text and everything else as it is.',
  contrast:
    'Make the subject stand out from the background: darker, plainer background behind it and a light rim around the subject. Keep the subject and the text as they are.',
  clutter:
    'Simplify the background: remove the small details that compete with the subject, so one thing draws the eye. Keep the people and the text as they are.',
  badge: (what: string) =>
    `Move ${what} away from the bottom-right corner, where YouTube shows the video’s length. Keep everything else as it is.`,
  corners: (what: string) =>
    `Move ${what} in from the image’s corners, which YouTube rounds off. Keep everything else as it is.`,
} as const;

export type ReadinessId = keyof typeof READINESS_EDITS;
type FixedEdit = Exclude<ReadinessId, 'badge' | 'corners'>;

/** What a move names: the text, the face, or both. */
const movedThings = (text: boolean, face: boolean) =>
  text && face ? 'the text and the face' : text ? 'the text' : 'the face';

/** What fixes a warning: a free edit of the text layers, or a paid edit of the picture (where `boxes` are, as a region edit). */
export type ReadinessFix =
  | { kind: 'layers'; label: string; layers: TextLayer[] }
  | { kind: 'edit'; instruction: string; boxes: TextBox[] };

export interface ReadinessItem {
  id: ReadinessId;
  label: string;
  /** Passed, warned, or null when it could not be told (not checked, still measuring). */
  ok: boolean | null;
  /** The pass or the warning, in plain words. */
  says: string;
  /** Where on the image (frame pixels): outlined on the preview. */
  boxes: TextBox[];
  fix?: ReadinessFix;
}

/** What is known of the image the check reads. */
export interface ReadinessFacts {
  /**
   * The text check of this image: undefined while it runs, null when it could not be made, or
   * when this image has none (an answer's later variations).
   */
  legibility: Legibility | null | undefined;
  /** The faces the face check found; null when this image has no face check. */
  faces: readonly TextBox[] | null;
  /** The image's text layers (empty when its text, if any, is part of the picture). */
  layers: readonly TextLayer[];
  /** The image's pixels at the measuring size; null until they are loaded, or when they cannot be read. */
  pixels: RgbaPixels | null;
  /** The video length the preview shows in the duration badge. */
  duration: string;
}

const sizeOf = (layout: YouTubeLayout) => `${layout.width}x${layout.height}`;
const listOf = (layouts: readonly YouTubeLayout[]) =>
  layouts.map((layout) => `${layout.name} (${sizeOf(layout)})`).join(', ');
const SMALLEST = YOUTUBE_LAYOUTS.reduce((small, layout) => (layout.width < small.width ? layout : small));

/** A rectangle of a layout's own pixels in frame pixels. */
function toFrame(rect: Rect, layout: YouTubeLayout): Rect {
  const scale = LEGIBILITY_FRAME.width / layout.width;
  return { x0: rect.x0 * scale, y0: rect.y0 * scale, x1: rect.x1 * scale, y1: rect.y1 * scale };
}

/** Where the duration badge sits in each layout, in frame pixels. */
const badgesInFrame = (duration: string) =>
  YOUTUBE_LAYOUTS.map((layout) => toFrame(badgeRect(layout.width, layout.height, duration), layout));

/**
 * Whether a layout's rounded corners cut into a box: one of its corners lies in a corner square
 * of the radius and outside the arc.
 */
function cutByCorners(box: TextBox, layout: YouTubeLayout): boolean {
  const r = (layout.radius * LEGIBILITY_FRAME.width) / layout.width;
  if (r === 0) return false;
  const { width, height } = LEGIBILITY_FRAME;
  // Each corner of the box, with the centre of the arc of the frame's corner nearest it.
  const corners: [number, number, number, number][] = [
    [box.x0, box.y0, r, r],
    [box.x1, box.y0, width - r, r],
    [box.x0, box.y1, r, height - r],
    [box.x1, box.y1, width - r, height - r],
  ];
  return corners.some(([x, y, cx, cy]) => {
    const beyondX = cx === r ? x < cx : x > cx;
    const beyondY = cy === r ? y < cy : y > cy;
    return beyondX && beyondY && Math.hypot(x - cx, y - cy) > r;
  });
}

/** A layer's box as a rectangle. */
const layerRect = ({ box }: TextLayer): Rect => ({
  x0: box.x,
  y0: box.y,
  x1: box.x + box.width,
  y1: box.y + box.height,
});

/**
 * The layers moved into the safe zone (clear of the rounded corners and the edges) and out of
 * the `keepOut` rectangles (the badge): up where there is room above, else to the left. Their
 * words, fonts and sizes stay.
 */
export function layersMovedClear(layers: readonly TextLayer[], keepOut: readonly Rect[]): TextLayer[] {
  return layers.map((layer) => {
    const width = Math.min(layer.box.width, SAFE_ZONE.x1 - SAFE_ZONE.x0);
    const height = Math.min(layer.box.height, SAFE_ZONE.y1 - SAFE_ZONE.y0);
    let x = Math.min(Math.max(layer.box.x, SAFE_ZONE.x0), SAFE_ZONE.x1 - width);
    let y = Math.min(Math.max(layer.box.y, SAFE_ZONE.y0), SAFE_ZONE.y1 - height);
    for (const rect of keepOut) {
      if (!overlaps({ x0: x, y0: y, x1: x + width, y1: y + height }, rect)) continue;
      const up = Math.floor(rect.y0) - height;
      if (up >= SAFE_ZONE.y0) y = up;
      else x = Math.max(SAFE_ZONE.x0, Math.floor(rect.x0) - width);
    }
    return { ...layer, box: { x, y, width, height } };
  });
}

const pass = (id: ReadinessId, label: string, says: string): ReadinessItem => ({
  id,
  label,
  ok: true,
  says,
  boxes: [],
});
const unknown = (id: ReadinessId, label: string, says: string): ReadinessItem => ({
  id,
  label,
  ok: null,
  says,
  boxes: [],
});
const paid = (id: FixedEdit, boxes: TextBox[] = []): ReadinessFix => ({
  kind: 'edit',
  instruction: READINESS_EDITS[id],
  boxes,
});

function textItem({ legibility, layers }: ReadinessFacts): ReadinessItem {
  const label = `Text at ${sizeOf(SMALLEST)}`;
  if (legibility === undefined) return unknown('text', label, 'The text is still being checked.');
  if (legibility === null) return unknown('text', label, 'The text of this image was not checked.');
  if (!legibility.text) return pass('text', label, 'No text to read.');
  if (legibility.reads_at_feed_size) return pass('text', label, `The text reads at ${sizeOf(SMALLEST)}.`);
  const where = legibility.hard_to_read.length > 0 ? ` (${legibility.hard_to_read.join(', ')})` : '';
  const readable = layers.length > 0 ? legibility.readable_layers : undefined;
  return {
    id: 'text',
    label,
    ok: false,
    says: `The text is hard to read at feed size${where}.`,
    boxes: legibility.boxes ?? [],
    fix: readable
      ? { kind: 'layers', label: MAKE_READABLE, layers: readable }
      : paid('text', legibility.boxes ?? []),
  };
}

const height = (box: TextBox) => box.y1 - box.y0;
const area = (box: TextBox) => (box.x1 - box.x0) * height(box);
/** The first of the boxes (at least one) with the most of `size`. */
const largestBy = (boxes: readonly TextBox[], size: (box: TextBox) => number) =>
  boxes.reduce((big, box) => (size(box) > size(big) ? box : big));

function faceItem({ faces }: ReadinessFacts): ReadinessItem {
  const label = 'Face size';
  if (faces === null) return unknown('face', label, 'The faces of this image were not checked.');
  if (faces.length === 0) return pass('face', label, 'No face to size.');
  const largest = largestBy(faces, height);
  const share = height(largest) / LEGIBILITY_FRAME.height;
  const pixels = Math.round(share * SMALLEST.height);
  if (share >= MIN_FACE_SHARE)
    return pass('face', label, `The largest face is ${pixels} px tall at ${sizeOf(SMALLEST)}.`);
  return {
    id: 'face',
    label,
    ok: false,
    says: `The largest face is only ${pixels} px tall at ${sizeOf(SMALLEST)}: too small to read in the feed.`,
    boxes: [largest],
    fix: paid('face'),
  };
}

function contrastItem({ faces, pixels }: ReadinessFacts, focal: readonly TextBox[]): ReadinessItem {
  const label = 'Subject contrast';
  if (!pixels) return unknown('contrast', label, 'Measuring the image…');
  const largestFace = faces?.length ? largestBy(faces, area) : undefined;
  const subject = largestFace ?? focal[0];
  if (!subject) {
    return {
      id: 'contrast',
      label,
      ok: false,
      says: 'Nothing stands out from the background.',
      boxes: [],
      fix: paid('contrast'),
    };
  }
  const contrast = subjectContrast(pixels, subject);
  const what = largestFace ? 'The face' : 'The subject';
  if (contrast === null || contrast >= MIN_SUBJECT_CONTRAST)
    return pass('contrast', label, `${what} stands out from its background.`);
  return {
    id: 'contrast',
    label,
    ok: false,
    says: `${what} blends into its background (a colour difference of ${contrast}; ${MIN_SUBJECT_CONTRAST} or more stands out).`,
    boxes: [subject],
    fix: paid('contrast'),
  };
}

function clutterItem({ pixels }: ReadinessFacts, focal: readonly TextBox[]): ReadinessItem {
  const label = 'Clutter';
  if (!pixels) return unknown('clutter', label, 'Measuring the image…');
  if (focal.length <= MAX_FOCAL_REGIONS) {
    const places = focal.length === 1 ? 'One place draws' : `${focal.length} places draw`;
    return pass('clutter', label, `${places} the eye.`);
  }
  return {
    id: 'clutter',
    label,
    ok: false,
    says: `${focal.length} places compete for the eye; ${MAX_FOCAL_REGIONS} or fewer read at a glance.`,
    boxes: [...focal],
    fix: paid('clutter'),
  };
}

/** The boxes of what matters on the image: its text (words or layers) and its faces. */
function importantBoxes({ legibility, faces, layers }: ReadinessFacts): {
  text: TextBox[];
  faces: TextBox[];
} {
  const text = legibility?.boxes?.length ? legibility.boxes : layers.map(layerRect);
  return { text, faces: [...(faces ?? [])] };
}

/** Text or faces under the duration badge, in any layout; layers move for free. */
function badgeItem(facts: ReadinessFacts): ReadinessItem {
  const label = 'Duration badge';
  const { text, faces } = importantBoxes(facts);
  const hidden = (boxes: TextBox[]) =>
    boxes.filter((box) => layoutsHidingBoxes([box], facts.duration).length > 0);
  const hiddenText = hidden(text);
  const hiddenFaces = hidden(faces);
  const covered = layoutsHidingBoxes([...hiddenText, ...hiddenFaces], facts.duration);
  if (covered.length === 0) return pass('badge', label, 'Nothing important sits under the duration badge.');
  const what =
    hiddenText.length > 0 && hiddenFaces.length > 0
      ? 'Text and a face sit'
      : hiddenText.length > 0
        ? 'Text sits'
        : 'A face sits';
  const layersFix = hiddenFaces.length === 0 && facts.layers.length > 0;
  return {
    id: 'badge',
    label,
    ok: false,
    says: `${what} under the duration badge in ${listOf(covered)}.`,
    boxes: [...hiddenText, ...hiddenFaces],
    fix: layersFix
      ? {
          kind: 'layers',
          label: 'Move the text out of the corner',
          layers: layersMovedClear(facts.layers, badgesInFrame(facts.duration)),
        }
      : {
          kind: 'edit',
          instruction: READINESS_EDITS.badge(movedThings(hiddenText.length > 0, hiddenFaces.length > 0)),
          boxes: [],
        },
  };
}

/** Text or faces the rounded corners cut into, in any layout; layers move for free. */
function cornersItem(facts: ReadinessFacts): ReadinessItem {
  const label = 'Rounded corners';
  const { text, faces } = importantBoxes(facts);
  const cut = [...text, ...faces].filter((box) =>
    YOUTUBE_LAYOUTS.some((layout) => cutByCorners(box, layout)),
  );
  if (cut.length === 0) return pass('corners', label, 'Nothing important is cut by the rounded corners.');
  const layouts = YOUTUBE_LAYOUTS.filter((layout) => cut.some((box) => cutByCorners(box, layout)));
  const textOnly = cut.every((box) => text.includes(box));
  return {
    id: 'corners',
    label,
    ok: false,
    says: `${textOnly ? 'Text' : 'Something important'} reaches into a rounded corner in ${listOf(layouts)}.`,
    boxes: cut,
    fix:
      textOnly && facts.layers.length > 0
        ? {
            kind: 'layers',
            label: 'Move the text in from the corners',
            layers: layersMovedClear(facts.layers, []),
          }
        : {
            kind: 'edit',
            instruction: READINESS_EDITS.corners(
              movedThings(
                cut.some((box) => text.includes(box)),
                !textOnly,
              ),
            ),
            boxes: [],
          },
  };
}

/** Every item of the readiness check, in the order a creator reads them. */
export function readinessItems(facts: ReadinessFacts): ReadinessItem[] {
  const focal = facts.pixels ? focalRegions(facts.pixels) : [];
  return [
    textItem(facts),
    faceItem(facts),
    contrastItem(facts, focal),
    clutterItem(facts, focal),
    badgeItem(facts),
    cornersItem(facts),
  ];
}
