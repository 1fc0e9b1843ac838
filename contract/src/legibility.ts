import * as z from 'zod/mini';
import { textLayersSchema } from './text-layers';

/** A word's box in the full-size (1280x720) frame's pixels: left, top, right, bottom. */
export const textBoxSchema = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });
export type TextBox = z.infer<typeof textBoxSchema>;

/** The frame the boxes are measured in. */
export const LEGIBILITY_FRAME = { width: 1280, height: 720 } as const;

/**
 * How a generated thumbnail's text reads back by OCR: at full size (1280x720) and at the feed's
 * sizes (246x138, 168x94). `text` is what was looked for (the quoted text asked for, else the
 * words found), empty when the image has no text to check (and nothing else is said);
 * `hard_to_read` names the areas ('top left', 'centre'…) of words lost at feed size; `boxes`
 * are where the words looked for sit at full size (absent on verdicts made before they were kept).
 * A message has none until the check has run.
 */
export const legibilitySchema = z.object({
  text: z.string(),
  sizes: z.array(z.object({ width: z.int(), height: z.int(), reads: z.boolean() })),
  reads_at_feed_size: z.boolean(),
  hard_to_read: z.array(z.string()),
  boxes: z.optional(z.array(textBoxSchema)),
  /**
   * On the verdict of an image whose text is layers (judged from the layers' size, contrast and
   * place; OCR only a second opinion): its layers as 'Make it readable' sets them, the same as
   * the image's where nothing needs fixing. Absent where the text is part of the picture.
   */
  readable_layers: z.optional(textLayersSchema),
});

export type Legibility = z.infer<typeof legibilitySchema>;

/** The one-click edit offered when the text does not read at feed size (text the model drew: a paid edit). */
export const LEGIBILITY_EDIT_PROMPT = 'Make the text bigger and higher contrast';

/** The one-click, free fix offered when a text layer does not read at feed size. */
export const MAKE_READABLE = 'Make it readable';
