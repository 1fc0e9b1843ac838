import {
  DEFAULT_BRAND_KIT,
  type PixelBox,
  REGION_FEATHER_PX,
  REGION_TEXTS,
} from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { makePhotoPng } from '../fakes/photo-like';
import { uploadImage, waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { sharedCloud, useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { listKeys } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/**
 * Region edits through the whole backend, against the fake providers and the offline studio: a
 * send's mask is checked before anything is reserved or stored, kept beside its message, and the
 * answer changes the painted area only: every pixel further than the feather from it is the
 * source's, bit for bit.
 */

const { cloud, fakes } = useLocalCloudWithFakeProviders(WITHOUT_IMAGE_CHECKS);

type User = Awaited<ReturnType<typeof newUserWithConversation>>;
const newUser = (name: string) => newUserWithConversation(cloud, name);
const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

/** An image's RGB pixels, and its size. */
async function pixelsOf(png: Uint8Array) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** A mask PNG `width` x `height`, white and opaque in `box`, transparent elsewhere. */
async function maskPng(width: number, height: number, box?: PixelBox) {
  const rect = box
    ? `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#fff"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer());
}
const dataUrl = (png: Uint8Array, type = 'image/png') =>
  `data:${type};base64,${Buffer.from(png).toString('base64')}`;

/** The painted pixels of a stored mask (alpha at least half): 1 where painted. */
async function paintedOf(png: Uint8Array) {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({
    resolveWithObject: true,
  });
  return {
    painted: Uint8Array.from(data, (a) => (a >= 128 ? 1 : 0)),
    width: info.width,
    height: info.height,
  };
}

/**
 * Compares a region edit's picture with its source through the stored mask: pixels further than
 * the feather from every painted pixel that differ (must be none), and painted pixels that differ.
 */
function compare(
  source: { data: Uint8Array; width: number; height: number },
  edited: { data: Uint8Array },
  mask: { painted: Uint8Array; width: number; height: number },
) {
  const { width, height, painted } = mask;
  expect([source.width, source.height]).toEqual([width, height]);
  const near = new Uint8Array(width * height);
  const r = REGION_FEATHER_PX;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!painted[y * width + x]) continue;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const px = x + dx;
          const py = y + dy;
          if (dx * dx + dy * dy <= r * r && px >= 0 && py >= 0 && px < width && py < height)
            near[py * width + px] = 1;
        }
      }
    }
  }
  let changedFar = 0;
  let changedPainted = 0;
  for (let p = 0; p < width * height; p++) {
    const i = p * 3;
    const same =
      source.data[i] === edited.data[i] &&
      source.data[i + 1] === edited.data[i + 1] &&
      source.data[i + 2] === edited.data[i + 2];
    if (same) continue;
    if (!near[p]) changedFar++;
    if (painted[p]) changedPainted++;
  }
  return { changedFar, changedPainted };
}

/** A user with one finished image made by `provider` (the fake's photo for OpenAI). */
async function userWithImage(
  name: string,
  provider: 'local' | 'openai',
  extra: Record<string, unknown> = {},
) {
  // The offline studio answers on the run's shared cloud, which has no provider keys.
  const user = await newUserWithConversation(provider === 'local' ? sharedCloud() : cloud, name);
  return { ...user, image: await makeSource(user, provider, extra) };
}

async function makeSource(user: User, provider: 'local' | 'openai', extra: Record<string, unknown> = {}) {
  if (provider === 'openai') fakes.openai.image(await makePhotoPng(1280, 720, 3));
  const sent = await user.send({
    content: 'A forest at dawn with a fox',
    provider,
    text_mode: 'model',
    ...extra,
  });
  expect(sent.status).toBe(202);
  const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
  expect(settled).toMatchObject({ status: 'done', is_image_message: true });
  return (await user.api('getMessage', { params: { id: settled.id } })).body.message;
}

/** The picture a region edit of `image` starts from: its base when it has text layers. */
const sourceUrl = (image: { images: { base_url: string | null }[]; full_image_url: string }) =>
  image.images[0]?.base_url ?? image.full_image_url;

const BOX: PixelBox = { x: 400, y: 200, width: 300, height: 200 };

/** What a user holds that a refused send must leave as it was: the ledger and their masks. */
async function holdings(user: User) {
  const { ledger, balance } = await readCreditItems(cloud.runtime.dynamodbEndpoint, user.userId);
  return {
    ledger: ledger.map((entry) => entry.sk).sort(),
    balance,
    masks: await listKeys(cloud.runtime, `masks/${user.userId}/`),
    refs: await listKeys(cloud.runtime, `refs/${user.userId}/`),
  };
}

describe('a send with a mask', () => {
  it('is refused before anything is reserved or stored when it cannot be a region edit', async () => {
    const user = await userWithImage('region-refusals', 'openai');
    const other = await userWithImage('region-refusals-other', 'openai');
    const { width, height } = await pixelsOf(await fetchBytes(sourceUrl(user.image)));
    const editFrom = { message_id: user.image.id, index: 0 };
    const painted = await maskPng(width, height, BOX);
    const jpeg = new Uint8Array(await sharp(painted).flatten().jpeg().toBuffer());
    const theirUpload = await uploadImage(other.api, painted);
    const before = await holdings(user);
    const refusals: [Record<string, unknown>, number, string?][] = [
      [{ mask: dataUrl(painted) }, 400, REGION_TEXTS.needsImage],
      [{ edit_from: editFrom, mask: dataUrl(jpeg, 'image/jpeg') }, 400, REGION_TEXTS.notPng],
      [{ edit_from: editFrom, mask: dataUrl(jpeg) }, 400, REGION_TEXTS.notPng],
      [{ edit_from: editFrom, mask: dataUrl(await maskPng(width, height)) }, 400, REGION_TEXTS.emptyMask],
      [{ edit_from: editFrom, mask: theirUpload }, 404],
      // Another creator's image is not found, whatever the mask.
      [{ edit_from: { message_id: other.image.id, index: 0 }, mask: dataUrl(painted) }, 404],
    ];
    for (const [body, status, text] of refusals) {
      const sent = await user.send({ content: 'make the sky red', provider: 'openai', ...body });
      expect(sent.status, JSON.stringify(Object.keys(body))).toBe(status);
      if (text) expect(sent.body.error).toBe(text);
    }
    expect(await holdings(user)).toEqual(before);
    // Their upload is left as it was.
    expect(await listKeys(cloud.runtime, theirUpload)).toEqual([theirUpload]);
  });

  it('stores the mask scaled to the image and shows it on the user message until the message is deleted', async () => {
    const user = await userWithImage('region-scaled', 'openai');
    // Painted at half the image's size, uploaded.
    const upload = await uploadImage(
      user.api,
      await maskPng(640, 360, { x: 200, y: 100, width: 150, height: 100 }),
    );
    fakes.openai.image(await makePhotoPng(1280, 720, 9));
    const sent = await user.send({
      content: 'make the fox red',
      provider: 'openai',
      edit_from: { message_id: user.image.id, index: 0 },
      mask: upload,
    });
    expect(sent.status).toBe(202);
    await waitForSettled(user.api, sent.body.assistantMessage.id);
    const listed = (await user.api('listMessages', { params: { id: user.conversationId } })).body.messages;
    const request = listed.find((m: { id: string }) => m.id === sent.body.userMessage.id);
    const mask = await paintedOf(await fetchBytes(request.mask_url));
    expect([mask.width, mask.height]).toEqual([1280, 720]);
    const at = (x: number, y: number) => mask.painted[y * 1280 + x];
    expect([at(401, 201), at(698, 398), at(399, 300), at(701, 300), at(550, 199), at(550, 401)]).toEqual([
      1, 1, 0, 0, 0, 0,
    ]);
    // The upload is used up; the mask goes with its conversation.
    expect(await listKeys(cloud.runtime, upload)).toEqual([]);
    expect(await listKeys(cloud.runtime, `masks/${user.userId}/`)).toHaveLength(1);
    expect((await user.api('deleteConversation', { params: { id: user.conversationId } })).status).toBe(204);
    expect(await listKeys(cloud.runtime, `masks/${user.userId}/`)).toEqual([]);
  });
});

describe('a region edit changes the painted area only', () => {
  it.each([
    ['local', 'local'],
    ['openai', 'openai'],
    ['gemini', 'openai'],
  ] as const)('with %s: outside the feather bit for bit, 1 credit per variation', async (provider, made) => {
    const user = await userWithImage(`region-${provider}`, made);
    const source = await pixelsOf(await fetchBytes(sourceUrl(user.image)));
    fakes.openai.image(await makePhotoPng(1536, 1024, 21));
    const { dynamodbEndpoint } = provider === 'local' ? inject('runtime') : cloud.runtime;
    const { balance } = await readCreditItems(dynamodbEndpoint, user.userId);
    const sent = await user.send({
      content: 'make the fox red',
      provider,
      variations: 2,
      edit_from: { message_id: user.image.id, index: 0 },
      mask: dataUrl(await maskPng(source.width, source.height, BOX)),
    });
    expect(sent.status).toBe(202);
    const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'done', is_edit: true });
    expect((await readCreditItems(dynamodbEndpoint, user.userId)).balance).toBe((balance ?? 0) - 2);
    const { message } = (await user.api('getMessage', { params: { id: settled.id } })).body;
    const { message: request } = (await user.api('getMessage', { params: { id: sent.body.userMessage.id } }))
      .body;
    const mask = await paintedOf(await fetchBytes(request.mask_url));
    expect(message.images).toHaveLength(2);
    for (const image of message.images) {
      const edited = await pixelsOf(await fetchBytes(image.base_url ?? image.full_image_url));
      const { changedFar, changedPainted } = compare(source, edited, mask);
      expect(changedFar).toBe(0);
      expect(changedPainted).toBeGreaterThan(BOX.width * BOX.height * 0.2);
    }
  });

  it("keeps a layered image's text and logo layers as they were", async () => {
    const user = await newUser('region-layers');
    const logo = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const upload = await uploadImage(user.api, new Uint8Array(logo), 'image/png');
    const kit = await user.api('putBrandKit', {
      body: { ...DEFAULT_BRAND_KIT, logo: { corner: 'top-right', size: 0.2, add_logo: true, upload } },
    });
    expect(kit.status).toBe(200);
    const image = await makeSource(user, 'openai', {
      content: 'A fox, title "FOUND HIM"',
      text_mode: 'layer',
    });
    const [layered] = image.images;
    expect(layered.text_layers).toHaveLength(1);
    expect(layered.logo).toEqual(expect.objectContaining({ box: expect.any(Object) }));
    const source = await pixelsOf(await fetchBytes(layered.base_url));

    // With an own key, the browser is given the same textless picture to edit.
    const edit = { content: 'make the fox red', edit_from: { message_id: image.id, index: 0 } };
    const inputs = await user.api('getOwnKeyInputs', {
      params: { id: user.conversationId },
      body: { ...edit, mask: dataUrl(await maskPng(1280, 720, BOX)) },
    });
    expect(inputs.status).toBe(200);
    expect(await fetchBytes(inputs.body.images[0].url)).toEqual(await fetchBytes(layered.base_url));

    fakes.openai.image(await makePhotoPng(1280, 720, 33));
    const sent = await user.send({
      content: 'make the fox red',
      provider: 'openai',
      edit_from: { message_id: image.id, index: 0 },
      mask: dataUrl(await maskPng(1280, 720, BOX)),
    });
    const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
    const { message } = (await user.api('getMessage', { params: { id: settled.id } })).body;
    const [edited] = message.images;
    expect(edited.text_layers).toEqual(layered.text_layers);
    expect(edited.logo.box).toEqual(layered.logo.box);
    expect(await fetchBytes(edited.logo.url)).toEqual(await fetchBytes(layered.logo.url));
    const { message: request } = (await user.api('getMessage', { params: { id: sent.body.userMessage.id } }))
      .body;
    const { changedFar, changedPainted } = compare(
      source,
      await pixelsOf(await fetchBytes(edited.base_url)),
      await paintedOf(await fetchBytes(request.mask_url)),
    );
    expect(changedFar).toBe(0);
    expect(changedPainted).toBeGreaterThan(0);
  });

  it('puts an own-key answer back over its source the same way, whatever the browser sent', async () => {
    const user = await userWithImage('region-own-key', 'openai');
    const source = await pixelsOf(await fetchBytes(sourceUrl(user.image)));
    const answer = await uploadImage(user.api, await makePhotoPng(1536, 1024, 44));
    const saved = await user.api('saveOwnKeyAnswer', {
      params: { id: user.conversationId },
      body: {
        content: 'make the fox red',
        provider: 'openai',
        is_edit: true,
        images: [answer],
        edit_from: { message_id: user.image.id, index: 0 },
        mask: dataUrl(await maskPng(source.width, source.height, BOX)),
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.userMessage.mask_url).toEqual(expect.any(String));
    const { changedFar, changedPainted } = compare(
      source,
      await pixelsOf(await fetchBytes(saved.body.assistantMessage.full_image_url)),
      await paintedOf(await fetchBytes(saved.body.userMessage.mask_url)),
    );
    expect(changedFar).toBe(0);
    expect(changedPainted).toBeGreaterThan(0);
  });

  it('is an edit of the chosen image without asking the classifier', async () => {
    const user = await userWithImage('region-no-classifier', 'openai');
    fakes.openai.image(await makePhotoPng(1280, 720, 5));
    const before = fakes.openai.requests.length;
    // Words the classifier would call a new image: the mask makes it an edit all the same.
    const sent = await user.send({
      content: 'A brand new picture of a castle',
      provider: 'openai',
      edit_from: { message_id: user.image.id, index: 0 },
      mask: dataUrl(await maskPng(1280, 720, BOX)),
    });
    const settled = await waitForSettled(user.api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'done', is_edit: true });
    const paths = fakes.openai.requests.slice(before).map((request) => request.path);
    expect(paths).toEqual(['/v1/images/edits']);
  });
});
