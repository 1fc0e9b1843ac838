import { compareFileName, compareZipName, type ImageRef } from '@thumbnail-studio/contract';
import { imagesOf } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { readDownload } from './downloads';

/** The answer when a chosen image is not the caller's, not an image, or gone. */
export const COMPARE_IMAGE_NOT_FOUND_TEXT = 'One of the chosen thumbnails no longer exists.';

/**
 * One image of a finished answer by its index (a variation, or index 0 for an answer of one
 * image); undefined for a message still pending, failed, or without that image.
 */
export const finishedImageAt = (message: StoredMessage | undefined, index: number): ImageKeys | undefined =>
  message?.status === 'done' ? imagesOf(message)[index] : undefined;

/**
 * The caller's finished answer holding the chosen image, and that image. Another creator's image
 * is not found like a missing one, so nobody learns another user's ids exist.
 */
export async function findChosenImage(userId: string, { message_id, index }: ImageRef) {
  const message = await getMessageById(userId, message_id);
  const keys = finishedImageAt(message, index);
  if (!message || !keys) throw new NotFoundError(COMPARE_IMAGE_NOT_FOUND_TEXT);
  return { message, keys };
}

/** A file for the browser to save: its name and bytes. */
export interface NamedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * The zip YouTube Studio's Test & Compare takes: the 1280x720 YouTube JPEG (at most 600 KB, so
 * 3 fit well under a Lambda answer's 6 MB) of each chosen image, numbered in the order given
 * and named after its prompt, the titles to try in `titles.txt` (when there are any), and
 * `README.txt` with YouTube Studio's steps; the zip is named after the first image. Every image
 * must be the caller's (`findChosenImage`).
 */
export async function exportTestAndCompare(
  userId: string,
  images: readonly ImageRef[],
  titles: readonly string[] = [],
): Promise<NamedFile> {
  const chosen = await Promise.all(
    images.map(async (ref) => {
      const { message, keys } = await findChosenImage(userId, ref);
      return { prompt: message.prompt, keys };
    }),
  );
  // Every image is found before any JPEG is made; a JPEG made here is kept for the next download.
  const jpegs = await Promise.all(chosen.map(({ keys }) => readDownload(keys, 'jpeg')));
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries: Record<string, Uint8Array> = {
    ...Object.fromEntries(
      chosen.map(({ prompt }, at) => [compareFileName(at + 1, prompt), jpegs[at] as Uint8Array]),
    ),
    ...(titles.length ? { 'titles.txt': encode(titlesText(titles)) } : {}),
    'README.txt': encode(readmeText(chosen.length, titles.length)),
  };
  // Loaded on first use: its tables cost the messages function's every cold start otherwise.
  const { zipSync } = await import('fflate');
  // JPEGs do not shrink under deflate: they are stored as they are.
  return { name: compareZipName(chosen[0]?.prompt), bytes: zipSync(entries, { level: 0 }) };
}

/** The titles as `titles.txt` holds them: one a line, numbered as YouTube Studio is given them. */
const titlesText = (titles: readonly string[]) =>
  `${titles.map((title, at) => `${at + 1}. ${title}`).join('\r\n')}\r\n`;

/** `README.txt`: what to do with the zip in YouTube Studio, and how to bring the winner back. */
function readmeText(images: number, titles: number): string {
  const lines = [
    'Test & Compare in YouTube Studio',
    '',
    `This zip holds ${images} thumbnails (1280x720 JPEGs, each under 2 MB)${
      titles ? ` and ${titles} title${titles > 1 ? 's' : ''} in titles.txt` : ''
    }.`,
    '',
    '1. Open YouTube Studio, choose Content, then the video to test, and open its Details.',
    '2. Under Thumbnail, choose Test & Compare.',
    '3. Add the thumbnails from this zip, in their numbered order (up to 3).',
    ...(titles
      ? ['4. Add the titles from titles.txt as the titles to test, in their numbered order (up to 3).']
      : []),
    `${titles ? 5 : 4}. Save. YouTube shows each version to part of the viewers and picks the one with the most watch time.`,
    `${titles ? 6 : 5}. When YouTube names the winner, record it in Thumbnail Studio (Gallery, Tests), with the watch time share YouTube reports, and make more like it.`,
    '',
  ];
  return lines.join('\r\n');
}
