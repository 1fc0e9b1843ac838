import { MAX_IMAGES_PER_MESSAGE, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_TEXT } from '@thumbnail-studio/contract';

export const NOT_AN_IMAGE = 'Only image files can be attached.';
export const TOO_MANY = `Attach at most ${MAX_IMAGES_PER_MESSAGE} images`;

interface FileLike {
  type: string;
  size: number;
}

/**
 * Splits dropped or picked files into the ones to upload and the reasons others were left out:
 * only image types, at most 10 MB each, at most 4 attachments in all.
 */
export function acceptImageFiles<F extends FileLike>(files: readonly F[], alreadyAttached: number) {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const small = images.filter((file) => file.size <= MAX_UPLOAD_BYTES);
  const room = Math.max(0, MAX_IMAGES_PER_MESSAGE - alreadyAttached);
  const accepted = small.slice(0, room);
  const problems = [
    images.length < files.length && NOT_AN_IMAGE,
    small.length < images.length && UPLOAD_TOO_LARGE_TEXT,
    accepted.length < small.length && TOO_MANY,
  ].filter((problem): problem is string => Boolean(problem));
  return { accepted, problems };
}
