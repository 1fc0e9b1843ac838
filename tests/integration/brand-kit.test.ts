import {
  BRAND_KIT_TEXTS,
  DEFAULT_BRAND_KIT,
  endpoints,
  type PutBrandKitBody,
} from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { uploadImage } from '../support/jobs';
import { sharedCloud } from '../support/local-cloud';
import { listKeys } from '../support/storage';
import { newApiUser } from '../support/users';

const runtime = inject('runtime');
const newUser = (name: string) => newApiUser(sharedCloud(), name);
type User = Awaited<ReturnType<typeof newUser>>;

/** A logo with a transparent background and a location in its metadata, `width` x `height`. */
const logoImage = (format: 'png' | 'webp' | 'jpeg', width = 1024, height = 512) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS 52.5N 13.4E' } } })
    .toFormat(format)
    .toBuffer();

const kit = (overrides: Partial<PutBrandKitBody> = {}): PutBrandKitBody => ({
  fonts: ['oi', 'inter-tight'],
  colours: ['#ff0044', '#00ccff'],
  style: { font: 'inter-tight', colour: '#ff0044', outline: null, shadow: false },
  logo: null,
  ...overrides,
});

const placement = { corner: 'top-right', size: 0.2, add_logo: true } as const;
const logoKeys = (user: User) => listKeys(runtime, `brand/${user.userId}/`);

let ada: User;
let babbage: User;
beforeAll(async () => {
  [ada, babbage] = await Promise.all([newUser('ada-brand'), newUser('babbage-brand')]);
});

describe('a brand kit', () => {
  it('is the default kit for a creator who never saved one', async () => {
    const { userId, api } = await newUser('new-brand');
    expect(await api('getBrandKit')).toEqual({ status: 200, body: DEFAULT_BRAND_KIT });
    expect(await listKeys(runtime, `brand/${userId}/`)).toEqual([]);
  });

  it('is stored as saved and read back', async () => {
    const saved = await ada.api('putBrandKit', { body: kit() });
    expect(saved).toEqual({ status: 200, body: kit() });
    expect(await ada.api('getBrandKit')).toEqual(saved);
  });

  it('keeps a logo re-encoded from the upload as a PNG under the creator prefix, the upload gone', async () => {
    const upload = await uploadImage(ada.api, await logoImage('webp'), 'image/webp');
    const saved = await ada.api('putBrandKit', { body: kit({ logo: { ...placement, upload } }) });
    expect(saved.status).toBe(200);
    expect(saved.body.logo).toMatchObject({ ...placement, width: 512, height: 256 });
    expect(await listKeys(runtime, upload)).toEqual([]);
    const [stored, ...others] = await logoKeys(ada);
    expect(others).toEqual([]);

    const bytes = Buffer.from(await (await fetch(saved.body.logo.url)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 256, hasAlpha: true });
    expect(meta.exif).toBeUndefined();

    // Moving the logo keeps its image; a new image replaces it; no logo deletes it.
    const moved = await ada.api('putBrandKit', {
      body: kit({ logo: { corner: 'bottom-left', size: 0.1, add_logo: false } }),
    });
    expect(moved.body.logo).toMatchObject({ corner: 'bottom-left', size: 0.1, add_logo: false, width: 512 });
    expect(await logoKeys(ada)).toEqual([stored]);

    const square = await uploadImage(ada.api, await logoImage('png', 300, 300), 'image/png');
    const replaced = await ada.api('putBrandKit', { body: kit({ logo: { ...placement, upload: square } }) });
    expect(replaced.body.logo).toMatchObject({ width: 300, height: 300 });
    const keys = await logoKeys(ada);
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(stored);

    expect((await ada.api('putBrandKit', { body: kit() })).body.logo).toBeNull();
    expect(await logoKeys(ada)).toEqual([]);
  });
});

describe('refusing a bad brand kit', () => {
  const bad: [string, object, string][] = [
    ['an unknown font', kit({ fonts: ['comic-sans' as 'oi'] }), 'That font is not one of ours'],
    ['three fonts', kit({ fonts: ['oi', 'inter-tight', 'roboto-condensed'] }), BRAND_KIT_TEXTS.tooManyFonts],
    ['no font', kit({ fonts: [] }), BRAND_KIT_TEXTS.noFont],
    ['a colour not #rrggbb', kit({ colours: ['red'] }), 'Colours are written #rrggbb'],
    ['six colours', kit({ colours: Array(6).fill('#000000') }), BRAND_KIT_TEXTS.tooManyColours],
    [
      'a style font outside the kit',
      kit({ style: { ...kit().style, font: 'roboto-condensed' } }),
      "kit's fonts",
    ],
    ['a logo too large', kit({ logo: { ...placement, size: 0.5, upload: null } }), BRAND_KIT_TEXTS.logoSize],
    ['a logo in the middle', kit({ logo: { ...placement, corner: 'middle' as 'top-left' } }), 'four corners'],
    ['a logo never uploaded', kit({ logo: placement }), BRAND_KIT_TEXTS.noLogo],
  ];

  it.each(bad)('refuses %s with a clear message, storing nothing', async (_what, body, message) => {
    const answer = await babbage.api.raw('PUT', endpoints.putBrandKit.path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_request' });
    expect(answer.body.error).toContain(message);
    expect((await babbage.api('getBrandKit')).body).toEqual(DEFAULT_BRAND_KIT);
  });

  it('refuses a JPEG logo and keeps the upload to try again', async () => {
    const upload = await uploadImage(babbage.api, await logoImage('jpeg'), 'image/jpeg');
    const answer = await babbage.api('putBrandKit', { body: kit({ logo: { ...placement, upload } }) });
    expect(answer).toEqual({ status: 400, body: { error: BRAND_KIT_TEXTS.logoType, code: 'bad_request' } });
    expect(await listKeys(runtime, upload)).toEqual([upload]);
    expect(await logoKeys(babbage)).toEqual([]);
  });

  it('refuses a file that is not an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n but not really')]);
    const upload = await uploadImage(babbage.api, new Uint8Array(fake));
    const answer = await babbage.api('putBrandKit', { body: kit({ logo: { ...placement, upload } }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('not an image');
    expect(await logoKeys(babbage)).toEqual([]);
  });
});

describe('one creator and another', () => {
  it("never shows one creator's kit to another", async () => {
    const upload = await uploadImage(ada.api, await logoImage('png'), 'image/png');
    const adas = await ada.api('putBrandKit', { body: kit({ logo: { ...placement, upload } }) });
    expect(adas.status).toBe(200);
    const theirs = await newUser('carol-brand');
    expect((await theirs.api('getBrandKit')).body).toEqual(DEFAULT_BRAND_KIT);
  });

  it("refuses another creator's upload or logo as a logo, leaving theirs untouched", async () => {
    const upload = await uploadImage(ada.api, await logoImage('png'), 'image/png');
    const [adaLogo] = await logoKeys(ada);
    for (const key of [upload, adaLogo ?? 'missing']) {
      const answer = await babbage.api('putBrandKit', { body: kit({ logo: { ...placement, upload: key } }) });
      expect(answer.status, key).toBe(400);
      expect(answer.body.error).toContain('could not be found');
    }
    expect(await listKeys(runtime, upload)).toEqual([upload]);
    expect((await babbage.api('getBrandKit')).body.logo).toBeNull();
  });
});
