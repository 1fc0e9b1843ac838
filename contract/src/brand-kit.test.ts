import { describe, expect, it } from 'vitest';
import { brandKitTextStyle, DEFAULT_BRAND_KIT, logoLayerBox, putBrandKitBodySchema } from './brand-kit';
import { BADGE_CORNER, SAFE_ZONE } from './text-layers';

const logo = (
  corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right',
  width = 400,
  height = 200,
) => ({
  logo: { corner, size: 0.2, width, height },
});

describe('logoLayerBox', () => {
  it('puts the logo in its corner of the safe zone, its longer side a share of the frame width', () => {
    expect(logoLayerBox(logo('top-left'))).toEqual({
      x: SAFE_ZONE.x0,
      y: SAFE_ZONE.y0,
      width: 256,
      height: 128,
    });
    expect(logoLayerBox(logo('top-right'))).toEqual({
      x: SAFE_ZONE.x1 - 256,
      y: SAFE_ZONE.y0,
      width: 256,
      height: 128,
    });
    expect(logoLayerBox(logo('bottom-left', 100, 200))).toEqual({
      x: SAFE_ZONE.x0,
      y: SAFE_ZONE.y1 - 256,
      width: 128,
      height: 256,
    });
  });

  it('keeps a bottom-right logo above the duration badge', () => {
    const box = logoLayerBox(logo('bottom-right'));
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(BADGE_CORNER.y0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(SAFE_ZONE.x1);
  });

  it('has no box without a logo', () => {
    expect(logoLayerBox(DEFAULT_BRAND_KIT)).toBeNull();
  });
});

describe('the brand kit body', () => {
  const body = { fonts: DEFAULT_BRAND_KIT.fonts, colours: [], style: DEFAULT_BRAND_KIT.style, logo: null };

  it('takes the default kit', () => {
    expect(putBrandKitBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses a style whose font is not in the kit', () => {
    const parsed = putBrandKitBodySchema.safeParse({ ...body, style: { ...body.style, font: 'oi' } });
    expect(parsed.error?.issues[0]?.message).toBe("The default text style uses one of the kit's fonts");
  });

  it('gives new layers a copy of the style', () => {
    const style = brandKitTextStyle(DEFAULT_BRAND_KIT);
    expect(style).toEqual(DEFAULT_BRAND_KIT.style);
    expect(style.outline).not.toBe(DEFAULT_BRAND_KIT.style.outline);
  });
});
