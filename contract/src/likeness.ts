import * as z from 'zod/mini';
import { textBoxSchema } from './legibility';

/**
 * One selected person's likeness in a generated thumbnail: 0-100, how close the face in the
 * image most like them comes to the faces in their photos; null when it cannot be said (no face
 * in the image, or none in their photos), with `reason` saying which.
 */
export const personLikenessSchema = z.object({
  name: z.string(),
  score: z.nullable(z.int()),
  reason: z.optional(z.enum(['no_face_in_image', 'no_face_in_photos'])),
});
export type PersonLikeness = z.infer<typeof personLikenessSchema>;

/**
 * What the face check found in a generated thumbnail, after its job: where the faces are in the
 * full-size (1280x720) frame, and each selected person's likeness (empty when nobody was
 * selected). A message has none until the check has run, or when it is turned off.
 */
export const likenessSchema = z.object({
  faces: z.array(textBoxSchema),
  people: z.array(personLikenessSchema),
});
export type Likeness = z.infer<typeof likenessSchema>;

/** Below this score a person may not be recognised, and the retry is offered. */
export const LIKENESS_THRESHOLD = 60;

/** The one line that says what the likeness check is, where its result appears. */
export const LIKENESS_EXPLAINER =
  'Compares the faces in this image with your photos of each person; the faces stay in your own storage.';

/**
 * The retry offered under the threshold: the creator's own request again, the named people's
 * likeness put before anything else it asks.
 */
export const likenessRetryPrompt = (names: readonly string[], request: string): string =>
  `Identity first: ${names.join(' and ')} must look exactly like their photos (same face, features, skin tone and hair). ${request}`.trim();
