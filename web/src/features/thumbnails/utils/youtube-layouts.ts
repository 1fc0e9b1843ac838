import { BADGE, badgeRect, badgeWidth, LEGIBILITY_FRAME, type TextBox } from '@thumbnail-studio/contract';

/** Where a thumbnail is seen on YouTube, and the size (CSS pixels) it is drawn at there. */
export interface YouTubeLayout {
  id: 'home' | 'search' | 'up-next' | 'phone';
  name: string;
  width: number;
  height: number;
  /** How much YouTube rounds the thumbnail's corners there, in the layout's pixels. */
  radius: number;
}

/**
 * The sizes YouTube draws thumbnails at, measured in its own pages (desktop Chrome, the
 * thumbnail element's box in the dev tools; phone: m.youtube.com at 390 px):
 * - home grid: `ytd-rich-grid-media` at a 1280–1440 px window, four or three to a row, 360x202;
 * - search results: `ytd-video-renderer`'s thumbnail, 360 px wide (500 on very wide windows);
 * - up next: the watch page's sidebar, `ytd-compact-video-renderer`, 168x94;
 * - phone feed: edge to edge on a 390 px wide phone (an iPhone 12–15), 16:9, so 390x219.
 * Heights are YouTube's: the width's 16:9 height, rounded down. Corners are rounded 12 px on
 * desktop lists, 8 px up next, and not at all on a phone's edge-to-edge feed.
 */
export const YOUTUBE_LAYOUTS: readonly YouTubeLayout[] = [
  { id: 'home', name: 'Home', width: 360, height: sixteenByNine(360), radius: 12 },
  { id: 'search', name: 'Search', width: 360, height: sixteenByNine(360), radius: 12 },
  { id: 'up-next', name: 'Up next', width: 168, height: sixteenByNine(168), radius: 8 },
  { id: 'phone', name: 'Phone', width: 390, height: sixteenByNine(390), radius: 0 },
];

/** The 16:9 height of a width, rounded down as YouTube's boxes are. */
export function sixteenByNine(width: number): number {
  return Math.floor((width * 9) / 16);
}

/** A rectangle in a thumbnail's own CSS pixels: left, top, right, bottom. */
export type Rect = TextBox;

// The badge's geometry is the contract's: the text-layer checks and editor mark the same corner.
export { BADGE, badgeRect, badgeWidth };

/** A box in the full-size frame (1280x720), scaled to a thumbnail `width` wide. */
export function scaleBox(box: TextBox, width: number): Rect {
  const scale = width / LEGIBILITY_FRAME.width;
  return { x0: box.x0 * scale, y0: box.y0 * scale, x1: box.x1 * scale, y1: box.y1 * scale };
}

/** True when two rectangles share some area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** A duration as YouTube writes it: minutes:seconds or hours:minutes:seconds. */
export const DURATION_PATTERN = /^(\d{1,2}:)?\d{1,2}:\d{2}$/;

/**
 * The layouts where one of `boxes` (in full-size frame pixels: words of text, faces) falls
 * under the duration badge. Faces have no detector yet: callers pass the boxes they have.
 */
export function layoutsHidingBoxes(
  boxes: readonly TextBox[],
  duration: string,
  layouts: readonly YouTubeLayout[] = YOUTUBE_LAYOUTS,
): YouTubeLayout[] {
  if (boxes.length === 0) return [];
  return layouts.filter((layout) => {
    const badge = badgeRect(layout.width, layout.height, duration);
    return boxes.some((box) => overlaps(scaleBox(box, layout.width), badge));
  });
}
