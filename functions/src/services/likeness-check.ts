import type { Likeness } from '@thumbnail-studio/contract';
import type { Person } from '@thumbnail-studio/providers';
import { findPhotoFace, findThumbnailFaces } from '../adapters/face-reader';
import { type Face, judgeLikeness, type PersonFaces } from '../core/likeness';
import { saveImageCheck } from '../data/jobs-repo';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { OutOfTimeError, withinTime } from '../lib/time-limit';
import type { AnsweredJob } from './legibility-check';

/**
 * The faces in a generated thumbnail and each featured person's likeness in it, compared with
 * the faces in their photos. Everything happens here, on images already in the creator's own
 * storage: no face leaves it, and no descriptor is kept, only the scores. Once `signal` aborts,
 * no further face is looked for.
 */
export async function checkLikeness(
  image: Uint8Array,
  people: readonly Person[],
  signal?: AbortSignal,
): Promise<Likeness> {
  const imageFaces = await findThumbnailFaces(image);
  const peopleFaces: PersonFaces[] = [];
  for (const person of people) {
    const faces: Face[] = [];
    for (const photo of person.photos) {
      signal?.throwIfAborted();
      const face = await findPhotoFace(photo.bytes);
      if (face) faces.push(face);
    }
    peopleFaces.push({ name: person.name, faces });
  }
  return judgeLikeness(imageFaces, peopleFaces);
}

/**
 * Checks a settled job's image and records the result on its message, before the legibility
 * verdict (the chat follows an image until that one arrives). Costs no credit and never delays
 * the image; a failure is only logged, and the message then has no likeness. Like the legibility
 * check, it runs only for the milliseconds `timeLeftMs` gives it when it starts.
 */
export async function recordLikeness(
  { job, image, people }: AnsweredJob,
  timeLeftMs: () => number = () => Number.POSITIVE_INFINITY,
): Promise<void> {
  if (!settings().LIKENESS_CHECK) return;
  try {
    const likeness = await withinTime(timeLeftMs(), (signal) => checkLikeness(image, people, signal));
    await saveImageCheck(job, 'likeness', likeness);
    logger.info('likeness checked', {
      jobId: job.id,
      faces: likeness.faces.length,
      scores: likeness.people.map((person) => person.score),
    });
  } catch (error) {
    if (error instanceof OutOfTimeError)
      logger.info('likeness not checked: out of time', { jobId: job.id, error });
    else logger.warn('likeness check failed', { jobId: job.id, error });
  }
}
