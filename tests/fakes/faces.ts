import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Faces for the likeness check's tests, cut from the sample photos the face library ships in its
 * npm package (@vladmandic/face-api/demo): two different people, each by where their face sits in
 * the sample. Nothing is downloaded and no picture of anyone is kept in this repository.
 */
const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/**
 * Each person: the sample they are in and where their face is in it (pixels). Chosen as faces
 * the detector finds surely in a portrait crop, far apart as people (0.86 between descriptors).
 */
const FACES = {
  one: { sample: 'sample1.jpg', left: 414, top: 355, width: 177, height: 240 },
  two: { sample: 'sample6.jpg', left: 1180, top: 305, width: 188, height: 280 },
} as const;
export type SamplePerson = keyof typeof FACES;

/** The face with room around it, as a portrait photo would frame it. */
function framed(person: SamplePerson, room: number) {
  const face = FACES[person];
  const left = Math.max(0, Math.round(face.left - face.width * room));
  const top = Math.max(0, Math.round(face.top - face.height * room));
  return {
    left,
    top,
    width: Math.round(face.width * (1 + 2 * room)),
    height: Math.round(face.height * (1 + 2 * room)),
  };
}

/** A person model's photo of `person`: a JPEG portrait around their face. */
export const portraitOf = (person: SamplePerson): Promise<Buffer> =>
  sharp(path.join(demo, FACES[person].sample)).extract(framed(person, 0.5)).jpeg({ quality: 90 }).toBuffer();

/**
 * What a provider might answer featuring `person`: a 1536x1024 PNG, a plain backdrop with their
 * face mirrored, smaller than in the photo, on the right-hand side (a thumbnail's usual place),
 * so the check compares a different picture of the same face.
 */
export async function thumbnailWith(person: SamplePerson): Promise<Buffer> {
  const face = await sharp(path.join(demo, FACES[person].sample))
    .extract(framed(person, 0.3))
    .flop()
    .resize({ height: 560 })
    .toBuffer();
  return sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#1d3557' } })
    .composite([{ input: face, left: 900, top: 230 }])
    .png()
    .toBuffer();
}

/** A thumbnail with no face in it. */
export const thumbnailWithoutFaces = (): Promise<Buffer> =>
  sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#e63946' } })
    .png()
    .toBuffer();
