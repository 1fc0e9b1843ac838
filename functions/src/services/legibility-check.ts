import type { Legibility } from '@thumbnail-studio/contract';
import type { Person } from '@thumbnail-studio/providers';
import { readWords } from '../adapters/text-reader';
import {
  type Box,
  judgeLegibility,
  locateWords,
  NOTHING_TO_CHECK,
  normalize,
  READING_SIZES,
  type ReadWord,
  sameWord,
  wordsToCheck,
} from '../core/legibility';
import type { StoredMessage } from '../core/types';
import { saveImageCheck } from '../data/jobs-repo';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { loadSharp } from '../lib/sharp';
import { OutOfTimeError, withinTime } from '../lib/time-limit';
import { checkLayerLegibility, type LayeredImage } from './layer-legibility-check';
import { ocrOpinionOf } from './layer-ocr';

/** Room kept around a word when it is cut out, as a share of its height. */
const WORD_MARGIN = 0.25;
/**
 * A word cut from a feed-size copy is enlarged before it is read: OCR wants letters of some
 * height, and enlarging adds no detail the small size lost. OCR of one small word is brittle,
 * so it is tried in turn at these scales, as it is or in stretched greys; the word reads if
 * any attempt reads it.
 */
const ATTEMPTS = [
  [2, false],
  [3, false],
  [3, true],
] as const;

/**
 * Reads a generated thumbnail's text back at full size and at the feed's sizes and says how it
 * reads (see judgeLegibility). The words are found on the full-size frame; at each feed size,
 * each word is cut from the scaled-down frame where it sits and read on its own (pictures
 * beside small text defeat OCR's page layout, not a viewer's eye). `image` is the provider's
 * original, of any size and format. Once `signal` aborts, no further reading is started.
 */
export async function checkLegibility(
  image: Uint8Array,
  prompt: string,
  signal?: AbortSignal,
): Promise<Legibility> {
  const sharp = await loadSharp();
  const full = READING_SIZES[0];
  const frame = await sharp(image).resize(full.width, full.height, { fit: 'cover' }).png().toBuffer();
  const fullSize: ReadWord[] = [];
  for (const reading of await fullSizeReadings(frame)) {
    signal?.throwIfAborted();
    fullSize.push(...(await readWords(reading, 'page')));
  }
  const expected = wordsToCheck(prompt, fullSize);
  const places = locateWords(expected, fullSize);
  const readings: ReadWord[][] = [fullSize];
  for (const { width, height } of READING_SIZES.slice(1)) {
    const scaled = await sharp(frame).resize(width, height).png().toBuffer();
    const words: ReadWord[] = [];
    for (const [i, box] of places.entries()) {
      if (box) words.push(...(await readWordAt(scaled, box, width / full.width, expected[i] ?? '', signal)));
    }
    readings.push(words);
  }
  return judgeLegibility(expected, readings);
}

/**
 * The full-size frame as OCR reads it, several ways: as it is; in stretched greys; its white-ish
 * pixels alone; its darkest alone (outlines and shadows). Outlined, shadowed letters on a
 * gradient or beside a picture defeat one reading or another (words run together, a stroke read
 * as a letter, no text found at all), rarely every one.
 */
async function fullSizeReadings(frame: Buffer): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const opaque = sharp(frame).removeAlpha();
  const whiteOnly = await opaque.clone().threshold(WHITE_LEVEL, { grayscale: false }).toBuffer();
  return [
    frame,
    await opaque.clone().greyscale().normalise().png().toBuffer(),
    await sharp(whiteOnly).bandbool('and').negate({ alpha: false }).png().toBuffer(),
    await opaque.clone().greyscale().threshold(DARK_LEVEL).negate({ alpha: false }).png().toBuffer(),
  ];
}

/** Above this in every channel a pixel counts as white-ish text; below this grey level, as an outline. */
const WHITE_LEVEL = 200;
const DARK_LEVEL = 60;

/**
 * What OCR reads of the word at `box` (full-size pixels) in `image`, a copy `scale` times that
 * size: the first reading that finds `word`, else the last one.
 */
async function readWordAt(
  image: Buffer,
  box: Box,
  scale: number,
  word: string,
  signal: AbortSignal | undefined,
): Promise<ReadWord[]> {
  const sharp = await loadSharp();
  const { width: imageWidth = 0, height: imageHeight = 0 } = await sharp(image).metadata();
  const margin = (box.y1 - box.y0) * WORD_MARGIN;
  const left = Math.max(0, Math.floor((box.x0 - margin) * scale));
  const top = Math.max(0, Math.floor((box.y0 - margin) * scale));
  const width = Math.max(1, Math.min(imageWidth - left, Math.ceil((box.x1 - box.x0 + 2 * margin) * scale)));
  const height = Math.max(1, Math.min(imageHeight - top, Math.ceil((box.y1 - box.y0 + 2 * margin) * scale)));
  const cut = await sharp(image).extract({ left, top, width, height }).png().toBuffer();
  let read: ReadWord[] = [];
  for (const [factor, contrast] of ATTEMPTS) {
    signal?.throwIfAborted();
    const resized = sharp(cut).resize(width * factor, height * factor, { kernel: 'cubic' });
    const enlarged = await (contrast ? resized.greyscale().normalise() : resized).png().toBuffer();
    read = (await readWords(enlarged, 'word')).map((found) => ({ ...found, box }));
    if (read.some((found) => sameWord(word, normalize(found.text)))) break;
  }
  return read;
}

/**
 * A job whose image is ready: the message, the provider's image, the prompt it answered and the
 * people it featured, with their photos as the job read them. `layered`: the image's text is
 * layers, drawn over this base (then `image` is the finished composite).
 */
export interface AnsweredJob {
  job: StoredMessage;
  image: Uint8Array;
  prompt: string;
  people: Person[];
  layered?: LayeredImage;
}

/**
 * Whether a job's settle writes its legibility verdict (nothing to check) itself: when neither
 * check follows the job. The verdict comes last, since the chat follows an image until it has one,
 * so with the likeness check on it is written after that check, even with this one off.
 */
export const verdictAtSettle = () => !settings().LEGIBILITY_CHECK && !settings().LIKENESS_CHECK;

/**
 * Checks a settled job's image and records the verdict on its message. Runs after the job is
 * settled, so it costs no credit and never delays the image; a failure is logged and recorded as
 * no verdict (null), never a reason to retry the job. Text drawn as layers is judged from the
 * layers (checkLayerLegibility); text the model drew, by reading it back (checkLegibility). The check runs only for the milliseconds
 * `timeLeftMs` gives it when it starts (see checkTimeMs): with none it is not made, and one still
 * running then is given up; either way the verdict is null.
 */
export async function recordLegibility(
  { job, image, prompt, layered }: AnsweredJob,
  timeLeftMs: () => number = () => Number.POSITIVE_INFINITY,
): Promise<void> {
  if (verdictAtSettle()) return;
  try {
    // Turned off, the message still gets a verdict (nothing to check) after the likeness, so no one waits for one.
    const legibility = settings().LEGIBILITY_CHECK
      ? await withinTime(timeLeftMs(), async (signal) =>
          layered?.layers.length
            ? checkLayerLegibility(layered, await ocrOpinionOf(image), signal)
            : checkLegibility(image, prompt, signal),
        )
      : NOTHING_TO_CHECK;
    await saveImageCheck(job, 'legibility', legibility);
    logger.info('legibility checked', { jobId: job.id, reads_at_feed_size: legibility.reads_at_feed_size });
  } catch (error) {
    if (error instanceof OutOfTimeError)
      logger.info('legibility not checked: out of time', { jobId: job.id, error });
    else logger.warn('legibility check failed', { jobId: job.id, error });
    // No verdict, but the checks are over: the chat stops following the image.
    await saveImageCheck(job, 'legibility', null).catch((saveError: unknown) =>
      logger.warn('legibility could not be closed', { jobId: job.id, error: saveError }),
    );
  }
}
