import * as z from 'zod/mini';

/** YouTube Studio's Test & Compare tries 2 or 3 thumbnails of one video against each other. */
export const MIN_COMPARE_IMAGES = 2;
export const MAX_COMPARE_IMAGES = 3;

/** The answer to a request with fewer or more images than Test & Compare takes. */
export const COMPARE_COUNT_TEXT = `Choose ${MIN_COMPARE_IMAGES} or ${MAX_COMPARE_IMAGES} thumbnails for Test & Compare.`;

/** The answer to a request that names the same image twice. */
export const COMPARE_DUPLICATE_TEXT = 'Choose each thumbnail for Test & Compare only once.';

/** YouTube Studio's Test & Compare tries up to 3 titles beside the thumbnails. */
export const MAX_COMPARE_TITLES = 3;

/** YouTube refuses a video title over 100 characters. */
export const MAX_VIDEO_TITLE_LENGTH = 100;

/** The answer to titles Test & Compare cannot take. */
export const COMPARE_TITLES_TEXT = `Give at most ${MAX_COMPARE_TITLES} titles, each of 1 to ${MAX_VIDEO_TITLE_LENGTH} characters.`;

/** The answer to the same title given twice. */
export const COMPARE_DUPLICATE_TITLE_TEXT = 'Give each title only once.';

/**
 * One image of a message: the message's id and which of its images (the first unless said
 * otherwise; an answer with variations holds several).
 */
export const imageRefSchema = z.object({
  message_id: z.string().check(z.minLength(1), z.maxLength(128)),
  index: z._default(z.int().check(z.gte(0)), 0),
});

export type ImageRef = z.infer<typeof imageRefSchema>;

/** The 2 or 3 images of a Test & Compare test or export, each once, in the order they are numbered. */
export const compareImagesSchema = z.array(imageRefSchema).check(
  z.minLength(MIN_COMPARE_IMAGES, COMPARE_COUNT_TEXT),
  z.maxLength(MAX_COMPARE_IMAGES, COMPARE_COUNT_TEXT),
  z.refine(
    (images) => new Set(images.map((image) => `${image.message_id}#${image.index}`)).size === images.length,
    COMPARE_DUPLICATE_TEXT,
  ),
);

/** The titles of a test, trimmed, in the order YouTube Studio is given them. */
export const compareTitlesSchema = z
  .array(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, COMPARE_TITLES_TEXT),
        z.maxLength(MAX_VIDEO_TITLE_LENGTH, COMPARE_TITLES_TEXT),
      ),
  )
  .check(
    z.maxLength(MAX_COMPARE_TITLES, COMPARE_TITLES_TEXT),
    z.refine((titles) => new Set(titles).size === titles.length, COMPARE_DUPLICATE_TITLE_TEXT),
  );

/**
 * A Test & Compare export: its images, in the order their files are numbered, and the titles to
 * try beside them (none by default), written into the zip's `titles.txt`.
 */
export const testAndCompareBodySchema = z.object({
  images: compareImagesSchema,
  titles: z._default(compareTitlesSchema, []),
});

export type TestAndCompareBody = z.input<typeof testAndCompareBodySchema>;

const MAX_SLUG_LENGTH = 50;

/**
 * A prompt as a file name's stem: lowercased, every character but a-z and 0-9 replaced with
 * '_', at most 50 characters; 'thumbnail' when nothing is left.
 */
export function promptSlug(prompt: string | null | undefined): string {
  const slug = (prompt ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, MAX_SLUG_LENGTH);
  return slug || 'thumbnail';
}

/** The file of the `position`th image (from 1) in a Test & Compare zip, so the files sort in order. */
export const compareFileName = (position: number, prompt: string | null | undefined) =>
  `test-and-compare-${position}-${promptSlug(prompt)}.jpg`;

/** A Test & Compare zip, named after its first image's prompt. */
export const compareZipName = (firstPrompt: string | null | undefined) =>
  `test-and-compare-${promptSlug(firstPrompt)}.zip`;
