/** A colour as hue (0-360), saturation and lightness (0-100). */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** The scene's colours: the background's two gradient stops and an accent for arrows and circles. */
export interface Palette {
  from: Hsl;
  to: Hsl;
  accent: Hsl;
}

/** Colour words a prompt may use, as the colour they name. */
export const COLOUR_WORDS: Record<string, Hsl> = {
  red: { h: 0, s: 80, l: 45 },
  crimson: { h: 348, s: 80, l: 40 },
  orange: { h: 28, s: 90, l: 50 },
  yellow: { h: 50, s: 95, l: 52 },
  gold: { h: 44, s: 85, l: 48 },
  golden: { h: 44, s: 85, l: 48 },
  green: { h: 130, s: 65, l: 38 },
  lime: { h: 90, s: 75, l: 45 },
  teal: { h: 175, s: 70, l: 35 },
  cyan: { h: 188, s: 80, l: 45 },
  blue: { h: 218, s: 80, l: 45 },
  navy: { h: 225, s: 70, l: 25 },
  purple: { h: 275, s: 65, l: 42 },
  violet: { h: 265, s: 70, l: 50 },
  pink: { h: 325, s: 80, l: 60 },
  magenta: { h: 305, s: 80, l: 48 },
  brown: { h: 25, s: 50, l: 30 },
  black: { h: 230, s: 15, l: 9 },
  white: { h: 210, s: 20, l: 92 },
  grey: { h: 220, s: 8, l: 50 },
  gray: { h: 220, s: 8, l: 50 },
  silver: { h: 210, s: 10, l: 72 },
};

/** Mood words, as how they shift a palette: a hue to lean to, and a lightness and saturation. */
export const MOOD_WORDS: Record<string, { h?: number; l: number; s: number }> = {
  dark: { l: 14, s: 55 },
  scary: { h: 0, l: 12, s: 70 },
  horror: { h: 0, l: 10, s: 70 },
  creepy: { h: 110, l: 12, s: 50 },
  spooky: { h: 270, l: 15, s: 60 },
  haunted: { h: 260, l: 14, s: 45 },
  mysterious: { h: 265, l: 18, s: 55 },
  night: { h: 235, l: 14, s: 60 },
  sad: { h: 215, l: 30, s: 25 },
  calm: { h: 195, l: 55, s: 45 },
  chill: { h: 190, l: 50, s: 45 },
  peaceful: { h: 160, l: 55, s: 40 },
  happy: { h: 45, l: 55, s: 90 },
  fun: { h: 35, l: 55, s: 95 },
  cheerful: { h: 50, l: 58, s: 90 },
  sunny: { h: 45, l: 60, s: 95 },
  bright: { l: 62, s: 85 },
  epic: { h: 18, l: 35, s: 90 },
  intense: { h: 5, l: 35, s: 90 },
  dramatic: { h: 8, l: 28, s: 80 },
  angry: { h: 0, l: 35, s: 90 },
  energetic: { h: 20, l: 50, s: 95 },
  luxury: { h: 44, l: 16, s: 40 },
  elegant: { h: 250, l: 20, s: 25 },
  retro: { h: 330, l: 45, s: 70 },
  neon: { h: 300, l: 45, s: 100 },
  cozy: { h: 28, l: 40, s: 60 },
  cold: { h: 200, l: 55, s: 60 },
  icy: { h: 195, l: 65, s: 60 },
  hot: { h: 15, l: 45, s: 95 },
  warm: { h: 30, l: 48, s: 80 },
  cool: { h: 205, l: 45, s: 65 },
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const wrapHue = (h: number) => ((Math.round(h) % 360) + 360) % 360;

/** FNV-1a: a stable 32-bit hash, enough to pick colours. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A gradient around one colour: a darker stop, a lighter neighbouring stop, a contrasting accent. */
export function paletteAround(base: Hsl): Palette {
  const from = { h: wrapHue(base.h - 12), s: clamp(base.s, 0, 100), l: clamp(base.l - 12, 4, 80) };
  const to = { h: wrapHue(base.h + 22), s: clamp(base.s + 5, 0, 100), l: clamp(base.l + 10, 8, 90) };
  // Red reads as "look here" on most backgrounds; on red ones, yellow does.
  const accent =
    base.s > 30 && (base.h < 25 || base.h > 335) ? { h: 52, s: 100, l: 55 } : { h: 0, s: 90, l: 52 };
  return { from, to, accent };
}

/** A bold palette in saturated mid-tones picked by a seed, so the same prompt gives the same colours. */
export const seededPalette = (seed: string): Palette => {
  const h = hash(seed);
  return paletteAround({ h: h % 360, s: 72 + ((h >>> 9) % 15), l: 38 + ((h >>> 13) % 10) });
};

/** The palette turned to another hue, keeping its lightness and saturation. */
export const withHue = (palette: Palette, hue: number): Palette => {
  const shift = hue - palette.from.h;
  return {
    from: { ...palette.from, h: wrapHue(palette.from.h + shift) },
    to: { ...palette.to, h: wrapHue(palette.to.h + shift) },
    accent: palette.accent,
  };
};

/** `#rrggbb` of a colour. */
export function hex({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A colour from red, green and blue (0-255). */
export function fromRgb(r: number, g: number, b: number): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: Math.round(l * 100) };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: wrapHue(h * 60), s: Math.round(s * 100), l: Math.round(l * 100) };
}
