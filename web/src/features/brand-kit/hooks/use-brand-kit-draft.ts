import {
  type BrandKit,
  type BrandTextStyle,
  type FontId,
  LOGO_SIZE,
  type LogoCorner,
  MAX_KIT_COLOURS,
  type PutBrandKitBody,
} from '@thumbnail-studio/contract';
import { useEffect, useState } from 'react';

/** Where the logo goes and whether new thumbnails get it. */
export interface LogoPlacementDraft {
  corner: LogoCorner;
  size: number;
  add_logo: boolean;
}

/** Logo images the kit takes: both keep a transparent background. */
export const LOGO_TYPES = ['image/png', 'image/webp'];
export const LOGO_TYPE_TEXT = 'Choose a PNG or WebP image for the logo.';

/** A colour a new swatch starts with. */
const NEW_COLOUR = '#ffffff';

/**
 * The brand kit being edited: the kit as loaded, changed field by field until it is saved. A new
 * logo image is kept as the picked file (shown from a local URL) and uploaded on save.
 */
export function useBrandKitDraft(kit: BrandKit) {
  const [fonts, setFonts] = useState<FontId[]>(kit.fonts);
  const [colours, setColours] = useState(kit.colours);
  const [style, setStyleState] = useState<BrandTextStyle>(kit.style);
  const [logo, setLogoState] = useState<LogoPlacementDraft | null>(kit.logo && placementOf(kit.logo));
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [pickedUrl, setPickedUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);

  /** Font `index` (0 or 1) becomes `font`; the second may be none. The style keeps to the kit's fonts. */
  const setFont = (index: number, font: FontId | null) => {
    const next = [...fonts];
    if (font) next[index] = font;
    else next.splice(index, 1);
    const unique = [...new Set(next)];
    setFonts(unique);
    if (!unique.includes(style.font)) setStyleState({ ...style, font: unique[0] ?? style.font });
  };

  return {
    fonts,
    colours,
    style,
    logo,
    logoFile,
    logoUrl: pickedUrl ?? (logo ? kit.logo?.url : null) ?? null,
    problem,
    setFont,
    addColour: () => colours.length < MAX_KIT_COLOURS && setColours([...colours, NEW_COLOUR]),
    setColour: (index: number, colour: string) =>
      setColours(colours.map((old, at) => (at === index ? colour : old))),
    removeColour: (index: number) => setColours(colours.filter((_, at) => at !== index)),
    setStyle: (change: Partial<BrandTextStyle>) => setStyleState({ ...style, ...change }),
    setLogo: (change: Partial<LogoPlacementDraft>) => setLogoState(logo && { ...logo, ...change }),
    pickLogo(file: File) {
      if (!LOGO_TYPES.includes(file.type)) {
        setProblem(LOGO_TYPE_TEXT);
        return;
      }
      setProblem(null);
      setLogoFile(file);
      setPickedUrl(URL.createObjectURL(file));
      setLogoState(logo ?? { corner: 'top-left', size: LOGO_SIZE.default, add_logo: true });
    },
    removeLogo() {
      setLogoFile(null);
      setPickedUrl(null);
      setLogoState(null);
    },
    /** The kit as the API takes it; the logo's upload is filled in when the picked file is sent. */
    body: (): PutBrandKitBody => ({ fonts, colours, style, logo: logo && { ...logo, upload: null } }),
  };
}

export type BrandKitDraft = ReturnType<typeof useBrandKitDraft>;

const placementOf = ({ corner, size, add_logo }: LogoPlacementDraft): LogoPlacementDraft => ({
  corner,
  size,
  add_logo,
});
