import { REGION_FEATHER_PX, REGION_TEXTS } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { uploadImage, waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { sharedCloud } from '../support/local-cloud';
import { listKeys } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/**
 * Region edits through the whole backend with the offline studio: a painted mask sent with the
 * image it edits changes that area only, pixel for pixel, for one credit per variation; bad masks
 * are refused before anything is reserved or stored; no one uses another's image or mask.
 */

const cloud = sharedCloud();
const runtime = inject('runtime');
const newUser = (name: string) => newUserWithConversation(cloud, name);
type User = Awaited<ReturnType<typeof newUser>>;

const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const rawOf = async (png: Uint8Array) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** A mask `width` x `height` painting the rectangle `box` (in its own pixels), transparent elsewhere. */
async function maskOf(width: number, height: number, box: { x: number; y: number; w: number; h: number }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="#fff"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/** A user with one finished offline image; its id and its original's pixels. */
async function userWithImage(name: string) {
  const user = await newUser(name);
  const sent = await user.send({ content: 'A sunny beach with a red umbrella', text_mode: 'model' });
  const image = await waitForSettled(user.api, sent.body.assistantMessage.id);
  expect(image.status).toBe('done');
  const { message } = (await user.api('getMessage', { params: { id: image.id } })).body;
  const original = await rawOf(await fetchBytes(message.full_image_url));
  return { ...user, imageId: image.id as string, original };
}

/** How many pixels differ from `before` inside the painted box, and how many further than the feather from it. */
function changes(
  before: { data: Buffer; width: number },
  after: { data: Buffer; width: number; height: number },
  box: { x: number; y: number; w: number; h: number },
) {
  let inside = 0;
  let outside = 0;
  const margin = REGION_FEATHER_PX + 1;
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const i = (y * after.width + x) * 3;
      const same =
        before.data[i] === after.data[i] &&
        before.data[i + 1] === after.data[i + 1] &&
        before.data[i + 2] === after.data[i + 2];
      const inBox = x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;
      const nearBox =
        x >= box.x - margin &&
        x < box.x + box.w + margin &&
        y >= box.y - margin &&
        y < box.y + box.h + margin;
      if (inBox) inside += same ? 0 : 1;
      else if (!nearBox) outside += same ? 0 : 1;
    }
  }
  return { inside, outside };
}

const regionSend = (user: User, imageId: string, mask: string, extra: Record<string, unknown> = {}) =>
  user.api.raw('POST', `/api/conversations/${user.conversationId}/messages`, {
    content: 'make the umbrella blue',
    edit_from: { message_id: imageId, index: 0 },
    mask,
    ...extra,
  });

describe('a region edit', () => {
  it('changes the painted area only, for one credit per variation, and shows the mask on the request', async () => {
    const user = await userWithImage('region');
    const { width, height } = user.original;
    const box = {
      x: Math.round(width * 0.4),
      y: Math.round(height * 0.3),
      w: Math.round(width * 0.25),
      h: Math.round(height * 0.3),
    };
    const credits = (await user.api('getCredits')).body.credits;
    const sent = await regionSend(user, user.imageId, dataUrl(await maskOf(width, height, box)), {
      variations: 2,
    });
    expect(sent.status).toBe(202);
    expect((await user.api('getCredits')).body.credits).toBe(credits - 2);
    expect(sent.body.userMessage).toMatchObject({ edit_from: { message_id: user.imageId, index: 0 } });
    expect(sent.body.userMessage.mask_url).toEqual(expect.any(String));
    const stored = await sharp(await fetchBytes(sent.body.userMessage.mask_url)).metadata();
    expect(stored).toMatchObject({ format: 'png', width, height, hasAlpha: true });

    const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'done', is_edit: true });
    expect(settled.images).toHaveLength(2);
    expect((await user.api('getCredits')).body.credits).toBe(credits - 2);
    const { message } = (await user.api('getMessage', { params: { id: settled.id } })).body;
    for (const image of message.images) {
      const after = await rawOf(await fetchBytes(image.full_image_url));
      const { inside, outside } = changes(user.original, after, box);
      expect(outside).toBe(0);
      expect(inside).toBeGreaterThan(box.w * box.h * 0.3);
    }
  });

  it('scales a mask of another size to the image, and takes it from an upload of the caller', async () => {
    const user = await userWithImage('region-upload');
    const { width, height } = user.original;
    const half = await maskOf(Math.round(width / 2), Math.round(height / 2), { x: 20, y: 20, w: 100, h: 80 });
    const upload = await uploadImage(user.api, half, 'image/png');
    const sent = await regionSend(user, user.imageId, upload);
    expect(sent.status).toBe(202);
    const mask = await sharp(await fetchBytes(sent.body.userMessage.mask_url)).metadata();
    expect(mask).toMatchObject({ width, height });
    // The upload was used up, like an attachment.
    expect(await listKeys(runtime, upload)).toEqual([]);
    const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
    const { message } = (await user.api('getMessage', { params: { id: settled.id } })).body;
    const after = await rawOf(await fetchBytes(message.full_image_url));
    expect(changes(user.original, after, { x: 40, y: 40, w: 200, h: 160 }).outside).toBe(0);
  });
});

describe("a region edit made with the creator's own key", () => {
  it('keeps only the painted area of what the browser made, for no credit', async () => {
    const user = await userWithImage('region-own-key');
    const { width, height } = user.original;
    const box = { x: 100, y: 80, w: 200, h: 150 };
    const credits = (await user.api('getCredits')).body.credits;
    // The browser's answer: a whole new picture, all red.
    const red = new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    const made = await uploadImage(user.api, red, 'image/png');
    const saved = await user.api.raw('POST', `/api/conversations/${user.conversationId}/own-key-answers`, {
      content: 'make the sky red',
      provider: 'openai',
      is_edit: true,
      images: [made],
      edit_from: { message_id: user.imageId, index: 0 },
      mask: dataUrl(await maskOf(width, height, box)),
    });
    expect(saved.status).toBe(201);
    expect(saved.body.userMessage.mask_url).toEqual(expect.any(String));
    const { message } = (await user.api('getMessage', { params: { id: saved.body.assistantMessage.id } }))
      .body;
    const after = await rawOf(await fetchBytes(message.full_image_url));
    const { inside, outside } = changes(user.original, after, box);
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(box.w * box.h * 0.9);
    expect((await user.api('getCredits')).body.credits).toBe(credits);
  });
});

describe('refusing a region edit', () => {
  it('refuses a bad mask with a clear message, reserving and storing nothing', async () => {
    const user = await userWithImage('region-bad');
    const { width, height } = user.original;
    const before = await readCreditItems(runtime.dynamodbEndpoint, user.userId);
    const refs = await listKeys(runtime, `refs/${user.userId}/`);
    const messages = async () =>
      (await user.api('listMessages', { params: { id: user.conversationId } })).body.messages.length;
    const count = await messages();
    const jpeg = new Uint8Array(
      await sharp(await maskOf(width, height, { x: 0, y: 0, w: 10, h: 10 }))
        .jpeg()
        .toBuffer(),
    );
    const empty = await maskOf(width, height, { x: 0, y: 0, w: 0, h: 0 });
    const cases: [string, Record<string, unknown>, string][] = [
      ['a mask without an image', { edit_from: undefined }, REGION_TEXTS.needsImage],
      [
        'a JPEG as a data URL',
        { mask: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` },
        REGION_TEXTS.notPng,
      ],
      ['JPEG bytes called a PNG', { mask: dataUrl(jpeg) }, REGION_TEXTS.notPng],
      ['nothing painted', { mask: dataUrl(empty) }, REGION_TEXTS.emptyMask],
    ];
    for (const [what, body, text] of cases) {
      const answer = await regionSend(user, user.imageId, dataUrl(empty), body);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error, what).toBe(text);
    }
    expect(await readCreditItems(runtime.dynamodbEndpoint, user.userId)).toEqual(before);
    expect(await listKeys(runtime, `refs/${user.userId}/`)).toEqual(refs);
    expect(await messages()).toBe(count);
  });

  it("is a 404 on another creator's mask upload, and refuses their image", async () => {
    const owner = await userWithImage('region-owner');
    const other = await userWithImage('region-other');
    const { width, height } = owner.original;
    const theirs = await uploadImage(
      owner.api,
      await maskOf(width, height, { x: 10, y: 10, w: 50, h: 50 }),
      'image/png',
    );
    const before = await readCreditItems(runtime.dynamodbEndpoint, other.userId);
    const stolen = await regionSend(other, other.imageId, theirs);
    expect(stolen.status).toBe(404);
    const mask = dataUrl(await maskOf(width, height, { x: 10, y: 10, w: 50, h: 50 }));
    const notTheirs = await regionSend(other, owner.imageId, mask);
    expect(notTheirs.status).toBe(400);
    expect(await readCreditItems(runtime.dynamodbEndpoint, other.userId)).toEqual(before);
    // The owner's upload is untouched.
    expect(await listKeys(runtime, theirs)).toEqual([theirs]);
  });
});
