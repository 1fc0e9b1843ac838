import type { Disc } from './layout';
import { HEIGHT, WIDTH } from './layout';
import { type Hsl, hex, type Palette } from './palette';

/** An SVG document of the frame's size around `body`. */
export const frameSvg = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`;

/**
 * The background: a diagonal gradient of the palette, a burst of light and rays behind the
 * subject's spot (one focal point), and a vignette that keeps the edges calm.
 */
export function backgroundSvg(palette: Palette, focus: { x: number; y: number }): string {
  const fx = (focus.x / WIDTH).toFixed(3);
  const fy = (focus.y / HEIGHT).toFixed(3);
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const b = a + Math.PI / 18;
    const far = WIDTH * 1.2;
    const p = (angle: number) =>
      `${Math.round(focus.x + far * Math.cos(angle))},${Math.round(focus.y + far * Math.sin(angle))}`;
    return `<polygon points="${focus.x},${focus.y} ${p(a)} ${p(b)}"/>`;
  }).join('');
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hex(palette.from)}"/><stop offset="1" stop-color="${hex(palette.to)}"/></linearGradient>
<radialGradient id="glow" cx="${fx}" cy="${fy}" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.42"/>
<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
<stop offset="1" stop-color="#000000" stop-opacity="0.45"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/><g fill="#ffffff" fill-opacity="0.07">${rays}</g>
<rect width="100%" height="100%" fill="url(#glow)"/><rect width="100%" height="100%" fill="url(#vignette)"/>`;
}

/** A thick outlined stroke: black under the colour, as thumbnail arrows and circles are drawn. */
const outlined = (shape: (stroke: string, width: number) => string, colour: Hsl, width: number) =>
  shape('#000000', width + 12) + shape(hex(colour), width);

/** A hand-drawn-looking ring around a spot. */
export function circleSvg(around: { cx: number; cy: number; r: number }, colour: Hsl): string {
  const { cx, cy, r } = around;
  return outlined(
    (stroke, width) =>
      `<ellipse cx="${cx}" cy="${cy}" rx="${Math.round(r * 1.08)}" ry="${Math.round(r * 0.98)}" transform="rotate(-8 ${cx} ${cy})" fill="none" stroke="${stroke}" stroke-width="${width}"/>`,
    colour,
    18,
  );
}

/** A curved arrow from `from` to just before `to`, its head along the curve's end. */
export function arrowSvg(from: { x: number; y: number }, to: { x: number; y: number }, colour: Hsl): string {
  const control = { x: (from.x + to.x) / 2, y: Math.max(from.y, to.y) + 90 };
  const angle = Math.atan2(to.y - control.y, to.x - control.x);
  const head = 58;
  const point = (a: number, d: number) =>
    `${Math.round(to.x - d * Math.cos(angle + a))},${Math.round(to.y - d * Math.sin(angle + a))}`;
  const tip = `${Math.round(to.x + 12 * Math.cos(angle))},${Math.round(to.y + 12 * Math.sin(angle))}`;
  const curve = `M${Math.round(from.x)},${Math.round(from.y)} Q${Math.round(control.x)},${Math.round(control.y)} ${Math.round(to.x)},${Math.round(to.y)}`;
  return outlined(
    (stroke, width) =>
      `<path d="${curve}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>` +
      `<polygon points="${tip} ${point(0.5, head)} ${point(-0.5, head)}" fill="${stroke}" stroke="${stroke}" stroke-width="${width - 16}" stroke-linejoin="round"/>`,
    colour,
    22,
  );
}

/** The rings around people's cut-outs: a shadow, then a white outline. */
export const personRingsSvg = (discs: Disc[]): string =>
  discs
    .map(
      ({ cx, cy, r }) =>
        `<circle cx="${cx + 8}" cy="${cy + 14}" r="${r + 10}" fill="#000000" fill-opacity="0.4"/><circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="#ffffff"/>`,
    )
    .join('');

/** A circle of `r` filled white on transparent: the mask that cuts a photo round. */
export const discMaskSvg = (r: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * r}" height="${2 * r}"><circle cx="${r}" cy="${r}" r="${r}" fill="#ffffff"/></svg>`;
