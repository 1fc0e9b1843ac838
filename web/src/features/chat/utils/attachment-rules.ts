/** At most this many reference images ride along with one message (the backend's limit). */
export const MAX_ATTACHMENTS = 4;
/** Uploads larger than this are refused by the backend. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const NOT_AN_IMAGE = 'Only image files can be attached.';
export const TOO_MANY = `Attach at most ${MAX_ATTACHMENTS} images`;
export const TOO_LARGE = 'Images must be 10 MB or smaller.';

interface FileLike {
  type: string;
  size: number;
}

/**
 * Splits dropped or picked files into the ones to upload and the reasons others were left out:
 * only image types (SPEC section 5), at most 10 MB each, at most 4 attachments in all.
 */
export function acceptImageFiles<F extends FileLike>(files: readonly F[], alreadyAttached: number) {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const small = images.filter((file) => file.size <= MAX_UPLOAD_BYTES);
  const room = Math.max(0, MAX_ATTACHMENTS - alreadyAttached);
  const accepted = small.slice(0, room);
  const problems = [
    images.length < files.length && NOT_AN_IMAGE,
    small.length < images.length && TOO_LARGE,
    accepted.length < small.length && TOO_MANY,
  ].filter((problem): problem is string => Boolean(problem));
  return { accepted, problems };
}
