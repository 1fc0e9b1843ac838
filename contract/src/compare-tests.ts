import * as z from 'zod/mini';
import { compareImagesSchema, compareTitlesSchema, MAX_COMPARE_IMAGES, MAX_COMPARE_TITLES } from './exports';

/** The answer to a winner that is not one of the test's thumbnails or titles. */
export const COMPARE_WINNER_TEXT = "Choose the winner among the test's thumbnails and titles.";

/** What YouTube reported of the winner: its share of the watch time, in percent. */
const watchTimeShareSchema = z.number().check(z.gte(0), z.lte(100));

/** A test to save: the thumbnails and titles given to YouTube Studio, as the export takes them. */
export const compareTestBodySchema = z.object({
  images: compareImagesSchema,
  titles: z._default(compareTitlesSchema, []),
});

export type CompareTestBody = z.input<typeof compareTestBodySchema>;

/** The winner a creator records once YouTube has picked it: by position in the test. */
export const compareWinnerBodySchema = z.object({
  /** Which of the test's thumbnails won (from 0, in the order of the test). */
  image: z.int().check(z.gte(0), z.lt(MAX_COMPARE_IMAGES)),
  /** Which of its titles won, when it tried titles. */
  title: z.optional(z.nullable(z.int().check(z.gte(0), z.lt(MAX_COMPARE_TITLES)))),
  watch_time_share: z.optional(z.nullable(watchTimeShareSchema)),
});

export type CompareWinnerBody = z.input<typeof compareWinnerBodySchema>;

/** A thumbnail of a test: the image, its prompt, and its preview while the image exists. */
export const compareTestImageSchema = z.object({
  message_id: z.string(),
  index: z.int(),
  prompt: z.nullable(z.string()),
  /** Signed; null once the image is gone (its conversation deleted). */
  image_url: z.nullable(z.string()),
});

/**
 * A Test & Compare test as saved: the thumbnails and titles YouTube Studio was given, when, and the
 * winner once the creator recorded it.
 */
export const compareTestSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  images: z.array(compareTestImageSchema),
  titles: z.array(z.string()),
  winner: z.nullable(
    z.object({
      image: z.int(),
      title: z.nullable(z.int()),
      watch_time_share: z.nullable(z.number()),
      recorded_at: z.string(),
    }),
  ),
});

export type CompareTest = z.infer<typeof compareTestSchema>;

export const compareTestAnswerSchema = z.object({ test: compareTestSchema });

/** The caller's tests, newest first (the latest `MAX_LISTED_COMPARE_TESTS`). */
export const compareTestListSchema = z.object({ tests: z.array(compareTestSchema) });

export const MAX_LISTED_COMPARE_TESTS = 50;
