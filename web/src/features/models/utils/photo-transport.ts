/**
 * The API takes request bodies up to 6 MB; model requests stay under this many bytes of JSON, so photos
 * sent inside them as data URLs leave room to spare.
 */
export const MAX_INLINE_JSON_BYTES = 5_000_000;
/** What an upload key takes in the JSON (the key, its quotes and a comma), generously. */
const KEY_ALLOWANCE = 300;

/** Bytes of UTF-8 a value takes as JSON. */
export const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Length of a photo as a `data:<type>;base64,` URL: base64 writes every 3 bytes as 4 characters. */
export const dataUrlLength = (bytes: number, type: string) =>
  `data:${type};base64,`.length + 4 * Math.ceil(bytes / 3);

export type PhotoTransport = 'inline' | 'upload';

/**
 * How each photo travels: inside the request as a data URL while the whole JSON (`baseBytes` for the
 * rest of the body) stays within the budget, in order; the rest are uploaded first and sent as keys.
 */
export function planPhotoTransport(
  photos: readonly { size: number; type: string }[],
  baseBytes: number,
  budget = MAX_INLINE_JSON_BYTES,
): PhotoTransport[] {
  // Every photo is counted as a key first; one sent inline then adds the difference.
  let used = baseBytes + photos.length * KEY_ALLOWANCE;
  return photos.map((photo) => {
    const extra = dataUrlLength(photo.size, photo.type) + 3 - KEY_ALLOWANCE;
    if (used + extra > budget) return 'upload';
    used += extra;
    return 'inline';
  });
}
