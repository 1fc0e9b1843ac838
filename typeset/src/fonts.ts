import type { FontId } from '@thumbnail-studio/contract';

/**
 * Where each text font's outlines come from: Fontsource's WOFF files (OFL), one per script
 * subset, in the order characters are looked up (Latin first). Only WOFF: the outline parser
 * reads WOFF but not WOFF2. Each font ships one weight, its heaviest, as thumbnail text wants.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;

const WEIGHTS: Record<FontId, 400 | 900> = {
  'fira-sans-extra-condensed': 900,
  'roboto-condensed': 900,
  'sofia-sans-extra-condensed': 900,
  'dela-gothic-one': 400,
  'noto-sans-display': 900,
  'inter-tight': 900,
  oi: 400,
  'press-start-2p': 400,
};

/** The module paths (`@fontsource/<id>/files/…woff`) of a font's subset files, in lookup order. */
export const fontFiles = (id: FontId): string[] =>
  SUBSETS.map((subset) => `@fontsource/${id}/files/${id}-${subset}-${WEIGHTS[id]}-normal.woff`);

/** Every package the fonts come from, for installing beside a bundle that draws text. */
export const FONT_PACKAGES = (Object.keys(WEIGHTS) as FontId[]).map((id) => `@fontsource/${id}`);
