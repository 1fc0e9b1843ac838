import { DEFAULT_FONT } from '@thumbnail-studio/contract';
import type { ImageData } from '@thumbnail-studio/providers';
import type { OverlayOptions } from 'sharp';
import { loadFontStack } from '../../lib/fonts';
import { loadSharp } from '../../lib/sharp';
import { readEmojiSvg } from './assets';
import {
  type Disc,
  HEIGHT,
  MAX_PEOPLE_SHOWN,
  peopleDiscs,
  subjectSquares,
  textBox,
  WIDTH,
  zoomWindow,
} from './layout';
import { withPlan } from './plan-chunk';
import type { ScenePlan } from './scene';
import { arrowSvg, backgroundSvg, circleSvg, discMaskSvg, frameSvg, personRingsSvg } from './scene-svg';
import { stickerOverlay } from './sticker';
import { textSvgOf } from './text-layer';

/**
 * Renders a scene as a 1536x864 PNG carrying its plan. With a `backdrop` (an image the studio
 * did not make, being edited) that image is the background, tinted with `tint` when given,
 * and the PNG carries no plan.
 *
 * Layers, bottom up: the background with the subjects (what a zoom enlarges and colour changes
 * apply to), then the people's cut-outs, arrows and circles and the text,
 * which stay sharp and keep their colours.
 */
export async function renderScene(
  plan: ScenePlan,
  people: ImageData[],
  options: { backdrop?: ImageData; tint?: string } = {},
): Promise<Uint8Array> {
  const { backdrop, tint } = options;
  const [sharp, font] = await Promise.all([loadSharp(), loadFontStack(DEFAULT_FONT)]);
  const shown = people.slice(0, MAX_PEOPLE_SHOWN);
  const discs = peopleDiscs(shown.length, plan.side, plan.textLayer);
  const squares = subjectSquares(plan, shown.length);
  const emoji = await Promise.all(plan.subjects.map((subject) => readEmojiSvg(subject.codePoints)));
  const focal: Disc | undefined =
    discs[0] ?? (squares[0] && { cx: squares[0].cx, cy: squares[0].cy, r: squares[0].size / 2 });
  const focus = focal ? { x: focal.cx, y: focal.cy } : { x: WIDTH / 2, y: HEIGHT / 2 };

  // The focal subject is drawn last, over the smaller ones.
  const stickers = await Promise.all(
    squares.map((square, i) => (emoji[i] ? stickerOverlay(emoji[i], square) : undefined)),
  );
  const sceneLayer = stickers.filter((sticker) => sticker !== undefined).reverse();
  const background = backdrop
    ? sharp(backdrop.bytes).resize(WIDTH, HEIGHT, { fit: 'cover' })
    : sharp(Buffer.from(frameSvg(backgroundSvg(plan.palette, focus))));
  const flat = await background
    .removeAlpha()
    .composite(sceneLayer)
    .raw()
    .toBuffer({ resolveWithObject: true });

  const zoom = zoomWindow(plan.zoom, focus);
  let scene = sharp(flat.data, { raw: flat.info });
  if (plan.zoom > 1) {
    // The crop is cut from the finished scene, then enlarged back to the frame.
    const cut = await scene.extract(zoom).raw().toBuffer({ resolveWithObject: true });
    scene = sharp(cut.data, { raw: cut.info }).resize(WIDTH, HEIGHT);
  }
  const { brightness, saturation, hue, grayscale } = plan.adjust;
  // A linear scale brightens in a few ms; modulate's colour-space round trip costs ~100 ms, so only saturation and hue use it.
  if (brightness !== 1) scene = scene.linear(brightness, 0);
  if (saturation !== 1 || hue !== 0) scene = scene.modulate({ saturation, hue });
  // Back to three channels after grey, so people and text still composite in colour.
  if (grayscale) scene = scene.grayscale().toColourspace('srgb');
  else if (tint) scene = scene.tint(tint);
  const adjusted = await scene.removeAlpha().raw().toBuffer({ resolveWithObject: true });

  // Where the focal subject is now that the zoom moved it.
  const at = focal && {
    cx: (focal.cx - (plan.zoom > 1 && !discs[0] ? zoom.left : 0)) * (discs[0] ? 1 : plan.zoom),
    cy: (focal.cy - (plan.zoom > 1 && !discs[0] ? zoom.top : 0)) * (discs[0] ? 1 : plan.zoom),
    r: focal.r * (discs[0] ? 1 : plan.zoom),
  };
  const layout = textBox(plan, discs, squares.length > 0);
  const direction = plan.side === 'left' ? -1 : 1;
  const decorations =
    (at && plan.circle ? circleSvg(at, plan.palette.accent) : '') +
    (at && plan.arrow
      ? arrowSvg(
          { x: at.cx - direction * (at.r + 300), y: HEIGHT * 0.82 },
          { x: at.cx - direction * at.r * 0.92, y: at.cy + at.r * 0.35 },
          plan.palette.accent,
        )
      : '');
  const overlays: OverlayOptions[] = [
    ...(discs.length > 0 ? [{ input: Buffer.from(frameSvg(personRingsSvg(discs))), left: 0, top: 0 }] : []),
    ...(await cutOuts(shown, discs)),
    ...(decorations ? [{ input: Buffer.from(frameSvg(decorations)), left: 0, top: 0 }] : []),
    ...(plan.text
      ? [
          {
            input: Buffer.from(textSvgOf(font, plan.text, layout, plan.textColour, Boolean(backdrop))),
            left: 0,
            top: 0,
          },
        ]
      : []),
  ];
  const png = await sharp(adjusted.data, { raw: adjusted.info })
    .composite(overlays)
    .removeAlpha()
    .png({ compressionLevel: 4 })
    .toBuffer();
  return backdrop ? new Uint8Array(png) : withPlan(png, plan);
}

/** Each person's primary photo cut round around its most striking part (usually the face). */
async function cutOuts(photos: ImageData[], discs: Disc[]): Promise<OverlayOptions[]> {
  const sharp = await loadSharp();
  return Promise.all(
    photos.map(async (photo, i) => {
      const { cx, cy, r } = discs[i] ?? { cx: 0, cy: 0, r: 1 };
      const input = await sharp(photo.bytes)
        .resize(2 * r, 2 * r, { fit: 'cover', position: 'attention' })
        .composite([{ input: Buffer.from(discMaskSvg(r)), blend: 'dest-in' }])
        .png()
        .toBuffer();
      return { input, left: cx - r, top: cy - r };
    }),
  );
}
