import {
  COMPARE_WINNER_TEXT,
  type CompareTest,
  type CompareTestBody,
  type CompareWinnerBody,
  MAX_LISTED_COMPARE_TESTS,
} from '@thumbnail-studio/contract';
import { signedGetUrl } from '../adapters/blob-store';
import type { StoredMessage } from '../core/types';
import {
  getCompareTest,
  listCompareTestsByUser,
  putCompareTest,
  type StoredCompareTest,
  setCompareWinner,
} from '../data/compare-tests-repo';
import { getMessageById } from '../data/messages-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { findChosenImage, finishedImageAt } from './test-and-compare';

/** The answer for a test that is not the caller's, or not there. */
export const COMPARE_TEST_NOT_FOUND_TEXT = 'This test no longer exists.';

/**
 * Saves a Test & Compare test: the caller's images (each must be one of their finished images,
 * else not found, so nobody learns another creator's ids exist) and the titles, as given.
 */
export async function createCompareTest(userId: string, body: CompareTestBody): Promise<CompareTest> {
  const images = body.images.map(({ message_id, index = 0 }) => ({ message_id, index }));
  const messages = await Promise.all(images.map(async (ref) => (await findChosenImage(userId, ref)).message));
  const stored = await putCompareTest(userId, {
    id: newId(),
    created_at: new Date().toISOString(),
    images: images.map((ref, at) => ({ ...ref, prompt: messages[at]?.prompt ?? null })),
    titles: body.titles ?? [],
    winner: null,
  });
  return viewCompareTest(stored, new Map(messages.map((message) => [message.id, message])));
}

/** The caller's latest tests, newest first, each thumbnail signed while its image exists. */
export async function listCompareTests(userId: string): Promise<CompareTest[]> {
  const tests = await listCompareTestsByUser(userId, MAX_LISTED_COMPARE_TESTS);
  const messages = await messagesOf(userId, tests);
  return Promise.all(tests.map((test) => viewCompareTest(test, messages)));
}

/** The caller's messages that hold the tests' images, by id (those still there). */
async function messagesOf(userId: string, tests: readonly StoredCompareTest[]) {
  const ids = [...new Set(tests.flatMap((test) => test.images.map((image) => image.message_id)))];
  const found = await Promise.all(ids.map((id) => getMessageById(userId, id)));
  return new Map(found.flatMap((message) => (message ? [[message.id, message] as const] : [])));
}

/**
 * Records which thumbnail (and title, when the test tried titles) YouTube picked, and the watch
 * time share it reported; recording again replaces it. Positions outside the test are refused.
 */
export async function recordCompareWinner(
  userId: string,
  id: string,
  body: CompareWinnerBody,
): Promise<CompareTest> {
  const test = await getCompareTest(userId, id);
  if (!test) throw new NotFoundError(COMPARE_TEST_NOT_FOUND_TEXT);
  const title = body.title ?? null;
  const titleFits = title === null ? true : title < test.titles.length;
  if (body.image >= test.images.length || !titleFits) throw new BadRequestError(COMPARE_WINNER_TEXT);
  const updated = await setCompareWinner(userId, id, {
    image: body.image,
    title,
    watch_time_share: body.watch_time_share ?? null,
    recorded_at: new Date().toISOString(),
  });
  if (!updated) throw new NotFoundError(COMPARE_TEST_NOT_FOUND_TEXT);
  return viewCompareTest(updated, await messagesOf(userId, [updated]));
}

/** A stored test as the API answers it: each image's preview signed, or null once it is gone. */
async function viewCompareTest(
  test: StoredCompareTest,
  messages: ReadonlyMap<string, StoredMessage>,
): Promise<CompareTest> {
  const images = await Promise.all(
    test.images.map(async ({ message_id, index, prompt }) => {
      const keys = finishedImageAt(messages.get(message_id), index);
      return { message_id, index, prompt, image_url: keys ? await signedGetUrl(keys.preview) : null };
    }),
  );
  return { id: test.id, created_at: test.created_at, images, titles: test.titles, winner: test.winner };
}
