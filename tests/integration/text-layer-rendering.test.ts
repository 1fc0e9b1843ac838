import { DEFAULT_FONT, LAYER_TEXT_AREA, type TextLayer } from '@thumbnail-studio/contract';
import { layoutLayer, missingCharacters, outlineWidthFor, pathDataOf } from '@thumbnail-studio/typeset';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readWords, stopTextReader } from '../../functions/src/adapters/text-reader';
import { loadFontStack } from '../../functions/src/lib/fonts';
import { renderComposite } from '../../functions/src/services/text-layers';
import { makePhotoPng } from '../fakes/photo-like';

/**
 * The server's renderer, read back: the words of a layer drawn over a photo-like picture are read
 * by OCR exactly, full size and at the smallest feed size, and its ink is exactly the layout's.
 */

afterAll(() => stopTextReader());

const base = await sharp(await makePhotoPng(1536, 1024, 7))
  .resize(1280, 720, { fit: 'cover' })
  .png()
  .toBuffer();

/** A layer as the worker designs one: white, outlined, shadowed, in the text area. */
const designed = (text: string, size = 200): TextLayer => ({
  id: 'title',
  text,
  font: DEFAULT_FONT,
  size,
  colour: '#ffffff',
  outline: { colour: '#000000', width: outlineWidthFor(size) },
  shadow: true,
  align: 'left',
  box: { ...LAYER_TEXT_AREA.box },
});

/**
 * The words OCR reads where the layer's ink is in `image` (the 1280x720 frame, or a smaller copy,
 * scaled back up as the legibility check does), its white fill kept as black on white.
 */
async function wordsRead(image: Uint8Array, layer: TextLayer): Promise<string[]> {
  const layout = layoutLayer(await loadFontStack(layer.font), layer);
  if (!layout) throw new Error('nothing laid out');
  const { width = 1280 } = await sharp(image).metadata();
  const scale = width / 1280;
  const margin = layer.outline?.width ?? 0;
  const { bounds } = layout;
  const left = Math.max(0, Math.floor((bounds.x - margin) * scale));
  const top = Math.max(0, Math.floor((bounds.y - margin) * scale));
  const region = {
    left,
    top,
    width: Math.ceil((bounds.width + 2 * margin) * scale),
    height: Math.ceil((bounds.height + 2 * margin) * scale),
  };
  // Tesseract reads best with capitals about 40 px tall: the cut is scaled to that.
  const factor = 40 / (layout.size * (await loadFontStack(layer.font)).capHeight * scale);
  // One step per pipeline: sharp runs the steps of one in an order of its own.
  const enlarged = await sharp(image)
    .extract(region)
    .resize(Math.round(region.width * factor), Math.round(region.height * factor), { kernel: 'cubic' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#000000' })
    .threshold(240)
    .png()
    .toBuffer();
  const cut = await sharp(enlarged).negate({ alpha: false }).png().toBuffer();
  return (await readWords(cut, 'page')).map((word) => word.text).filter(Boolean);
}

/** The words without their accents: what the English model reads accented letters as. */
const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

describe('the text layer renderer', () => {
  // The English model (the one OCR model shipped as a package) reads accented capitals as their
  // base letters, so accented words are read back without their accents here; that the accents
  // themselves are drawn is checked below, where the ink is compared with the layout's outlines.
  it.each([
    ['Latin', 'BIG WIN TODAY'],
    ['accented Latin', 'CRÈME BRÛLÉE FACILE'],
  ])('draws %s words that OCR reads back exactly at 1280x720 and at 168x94', async (_script, text) => {
    const layer = designed(text);
    const composite = await renderComposite(base, [layer]);
    expect(await sharp(composite).metadata()).toMatchObject({ width: 1280, height: 720 });
    expect(unaccented((await wordsRead(composite, layer)).join(' '))).toBe(unaccented(text));
    const feed = await sharp(composite).resize(168, 94).png().toBuffer();
    expect(unaccented((await wordsRead(feed, layer)).join(' '))).toBe(unaccented(text));
  });

  // No Russian OCR model ships as a package (only the English one does), so Cyrillic is checked
  // another way, as are the accents the English model reads past: the renderer's ink is exactly
  // the layout's own glyph outlines, rasterised alone, with every character in the font.
  it.each([
    ['Cyrillic', 'ПРИВЕТ МИР'],
    ['accented Latin', 'CRÈME BRÛLÉE'],
  ])('draws %s words as exactly the outlines of their layout', async (_script, text) => {
    const layer: TextLayer = { ...designed(text), outline: null, shadow: false };
    const flat = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    const composite = await renderComposite(flat, [layer]);
    const fonts = await loadFontStack(layer.font);
    const layout = layoutLayer(fonts, layer);
    if (!layout) throw new Error('nothing laid out');
    expect(missingCharacters(fonts, text)).toEqual([]);
    expect(layout.lines.map((line) => line.text).join(' ')).toBe(text);
    const alone = await sharp(flat)
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><path d="${pathDataOf(fonts, layout)}" fill="#ffffff"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    const [drawn, expected] = await Promise.all(
      [composite, alone].map((png) => sharp(png).removeAlpha().raw().toBuffer()),
    );
    expect(Buffer.compare(drawn as Buffer, expected as Buffer)).toBe(0);
    // And there is ink: a good share of the box's pixels are the text's white.
    let ink = 0;
    for (let i = 0; i < (drawn?.length ?? 0); i += 3) if (drawn?.[i] === 255) ink++;
    expect(ink).toBeGreaterThan(20_000);
  });
});
