import {
  BRAND_KIT_TEXTS,
  DEFAULT_BRAND_KIT,
  DEFAULT_FONT,
  LAYER_TEXT_AREA,
  type LayerBox,
  logoLayerBox,
  TEXT_EDITED_TEXT,
  type TextLayer,
} from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhotoPng } from '../fakes/photo-like';
import { downloadUrl, uploadImage, waitForImageChecks, waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { listKeys } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/**
 * Text as layers through the whole backend, against the fake providers: a layer-mode job stores
 * its textless base, its layers and the composite; editing an image's text answers a new image
 * for free, changing nothing outside the text; layers that cannot be drawn are refused and
 * store nothing; no one edits another's image.
 */

// The legibility check judges the layers these tests draw; the likeness check has its own tests.
const { cloud, fakes } = useLocalCloudWithFakeProviders({ LIKENESS_CHECK: 'false' });

const newUser = (name: string) => newUserWithConversation(cloud, name);
const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
/** An image's RGB pixels, and its size. */
const pixelsOf = async (png: Uint8Array) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** A yellow title in the upper left, as a creator might set one; `fields` change it. */
const TITLE: TextLayer = {
  box: { x: 80, y: 60, width: 560, height: 260 },
  text: 'BIG WIN',
  size: 160,
  font: DEFAULT_FONT,
  align: 'left',
  colour: '#ffee00',
  shadow: true,
  outline: { colour: '#000000', width: 16 },
  id: 'title',
};
const layer = (fields: Partial<TextLayer> = {}): TextLayer => ({ ...TITLE, ...fields });

/** A new user with one finished OpenAI image in their conversation, made without layers. */
async function userWithImage(name: string) {
  const user = await newUser(name);
  fakes.openai.image(await makePhotoPng(1280, 720, 3));
  const sent = await user.send({ content: 'A forest at dawn', provider: 'openai', text_mode: 'model' });
  expect(sent.status).toBe(202);
  const image = await waitForSettled(user.api, sent.body.assistantMessage.id);
  expect(image).toMatchObject({ status: 'done', is_image_message: true });
  return { ...user, imageId: image.id as string };
}

const editText = (api: Awaited<ReturnType<typeof newUser>>['api'], id: string, body: unknown) =>
  api.raw('PUT', `/api/messages/${id}/text`, body);

describe('a job in layer mode', () => {
  it.each(['openai', 'gemini'] as const)(
    'stores the base, the quoted text as one layer and the composite (%s)',
    async (provider) => {
      const { api, send, userId } = await newUser(`layer-job-${provider}`);
      fakes.openai.image(await makePhotoPng(1536, 1024, 5));
      const sent = await send({ content: 'A jungle trek, title "LOST IN THE JUNGLE"', provider });
      const settled = await waitForSettled(api, sent.body.assistantMessage.id);
      expect(settled).toMatchObject({ status: 'done' });
      const { message } = (await api('getMessage', { params: { id: settled.id } })).body;
      const [image] = message.images;
      expect(image.text_layers).toEqual([
        expect.objectContaining({
          text: 'LOST IN THE JUNGLE',
          font: DEFAULT_FONT,
          shadow: true,
          align: 'left',
          box: LAYER_TEXT_AREA.box,
        }),
      ]);
      expect(image.base_url).toEqual(expect.any(String));
      const keys = await listKeys(cloud.runtime, `images/${userId}/${settled.id}/`);
      expect(keys.filter((key) => /\/(base|original)\.png$/.test(key))).toHaveLength(2);
      // The composite is the frame: the base with the text drawn over its left part only.
      const [base, composite] = await Promise.all(
        [image.base_url, image.full_image_url].map(async (url) => pixelsOf(await fetchBytes(url))),
      );
      expect([composite?.width, composite?.height]).toEqual([1280, 720]);
      expect(Buffer.compare(base?.data as Buffer, composite?.data as Buffer)).not.toBe(0);
      // A list answers the layers too, but signs no base (it is signed on the one message's read).
      const listed = (await api('listMessages', { params: { id: settled.conversation_id } })).body.messages;
      expect(listed.at(-1).images[0]).toMatchObject({ text_layers: image.text_layers, base_url: null });
      // The check after the job judges the layer it drew (not OCR of the picture alone): a title
      // set at the renderer's size reads in the feed, and its verdict carries the layers.
      const checked = await waitForImageChecks(api, settled.id);
      expect(checked.legibility).toMatchObject({
        reads_at_feed_size: true,
        readable_layers: image.text_layers,
      });
    },
  );

  it("draws the layer in the creator's brand kit style when they saved one", async () => {
    const { api, send } = await newUser('layer-job-kit');
    const style = { font: 'inter-tight', colour: '#ff0044', outline: null, shadow: false } as const;
    const saved = await api('putBrandKit', {
      body: { fonts: ['inter-tight'], colours: ['#ff0044'], style, logo: null },
    });
    expect(saved.status).toBe(200);
    fakes.openai.image(await makePhotoPng(1536, 1024, 7));
    const sent = await send({ content: 'A cake, title "SWEET"', provider: 'openai' });
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    const { message } = (await api('getMessage', { params: { id: settled.id } })).body;
    expect(message.images[0].text_layers).toEqual([expect.objectContaining({ text: 'SWEET', ...style })]);
  });

  it('leaves a request without quoted text, or in model mode, without layers or a base', async () => {
    const { api, send } = await newUser('no-layers');
    const plain = await send({ content: 'A calm lake', provider: 'openai' });
    const model = await send({ content: 'A sign saying "OPEN"', provider: 'openai', text_mode: 'model' });
    for (const sent of [plain, model]) {
      const settled = await waitForSettled(api, sent.body.assistantMessage.id);
      const { message } = (await api('getMessage', { params: { id: settled.id } })).body;
      expect(message.images[0]).toMatchObject({ text_layers: [], base_url: null });
    }
  });
});

describe('editing the text of an image', () => {
  it('answers a new image for free, changing no pixel outside the text', async () => {
    const { api, userId, imageId, conversationId } = await userWithImage('edit');
    const before = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    const providerCalls = fakes.openai.requests.length;
    const source = (await api('getMessage', { params: { id: imageId } })).body.message;
    expect(source.images[0]).toMatchObject({ text_layers: [], base_url: null });

    const layers = [
      layer(),
      layer({
        id: 'sub',
        text: 'Ça marche!',
        size: 60,
        shadow: false,
        align: 'right',
        box: { x: 700, y: 560, width: 500, height: 100 },
      }),
    ];
    const edited = await api('editText', { params: { id: imageId }, body: { image: 0, layers } });
    expect(edited.status).toBe(200);
    const { message } = edited.body;
    expect(message).toMatchObject({
      role: 'assistant',
      content: TEXT_EDITED_TEXT,
      is_edit: true,
      is_image_message: true,
      status: 'done',
      conversation_id: conversationId,
      prompt: 'A forest at dawn',
      edit_from: { message_id: imageId, index: 0 },
    });
    expect(message.id).not.toBe(imageId);
    expect(message.images[0].text_layers).toEqual(layers);
    expect(message.images[0].base_url).toEqual(expect.any(String));

    // No credit, no ledger entry, no provider call.
    expect(await readCreditItems(cloud.runtime.dynamodbEndpoint, userId)).toEqual(before);
    expect(fakes.openai.requests.length).toBe(providerCalls);

    // The base is the source image; the composite differs from it only where the text is drawn
    // (each box, widened by the outline, the shadow's offset and its blur).
    const [original, base, composite, download] = await Promise.all(
      [
        source.full_image_url,
        message.images[0].base_url,
        message.full_image_url,
        await downloadUrl(api, message.id, 'png'),
      ].map(async (url) => pixelsOf(await fetchBytes(url))),
    );
    expect(Buffer.compare(original?.data as Buffer, base?.data as Buffer)).toBe(0);
    // What is downloaded (and shared, and listed in the gallery) is the composite.
    expect(Buffer.compare(download?.data as Buffer, composite?.data as Buffer)).toBe(0);
    const near = (x: number, y: number) =>
      layers.some(({ box, size }) => {
        const margin = Math.ceil(size * 0.35);
        return (
          x >= box.x - margin &&
          x < box.x + box.width + margin &&
          y >= box.y - margin &&
          y < box.y + box.height + margin
        );
      });
    let outside = 0;
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < 720; y++) {
      for (let x = 0; x < 1280; x++) {
        const i = (y * 1280 + x) * 3;
        const same =
          base?.data[i] === composite?.data[i] &&
          base?.data[i + 1] === composite?.data[i + 1] &&
          base?.data[i + 2] === composite?.data[i + 2];
        if (near(x, y)) changedInside += same ? 0 : 1;
        else {
          outside++;
          changedOutside += same ? 0 : 1;
        }
      }
    }
    expect(outside).toBeGreaterThan(500_000);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(10_000);

    // The chat lists both versions, the edit last; editing the edit draws over the same base.
    const listed = (await api('listMessages', { params: { id: conversationId } })).body.messages;
    expect(listed.map((m: { id: string }) => m.id).slice(-2)).toEqual([imageId, message.id]);
    const again = await api('editText', {
      params: { id: message.id },
      body: { layers: [layer({ text: 'NEW WORDS' })] },
    });
    expect(again.status).toBe(200);
    // Each version's verdict is judged from its layers at once: the small subtitle under the
    // duration badge does not read in the feed; the big title alone does.
    expect(message.legibility).toMatchObject({ reads_at_feed_size: false });
    expect(message.legibility.hard_to_read.length).toBeGreaterThan(0);
    expect(again.body.message.legibility).toMatchObject({ reads_at_feed_size: true });
    const rebased = await pixelsOf(await fetchBytes(again.body.message.images[0].base_url));
    expect(Buffer.compare(rebased.data, base?.data as Buffer)).toBe(0);
    // Removing every layer leaves the base as the image itself.
    const cleared = await api('editText', { params: { id: again.body.message.id }, body: { layers: [] } });
    expect(cleared.body.message.images[0]).toMatchObject({ text_layers: [], base_url: null });
    const clearedPixels = await pixelsOf(await fetchBytes(cleared.body.message.full_image_url));
    expect(Buffer.compare(clearedPixels.data, base?.data as Buffer)).toBe(0);
  });

  it('refuses layers that cannot be drawn, with a clear message, and stores nothing', async () => {
    const { api, userId, imageId, conversationId } = await userWithImage('refusals');
    const keysBefore = await listKeys(cloud.runtime, `images/${userId}/`);
    const count = async () =>
      (await api('listMessages', { params: { id: conversationId } })).body.messages.length;
    const messagesBefore = await count();
    const refusals: [unknown, string][] = [
      [[layer({ font: 'comic-sans' as never })], 'That font is not one of ours'],
      [[layer({ text: '   ' })], 'A text layer needs some words'],
      [
        [layer({ box: { x: 1000, y: 600, width: 400, height: 200 } })],
        'A text box must lie inside the 1280x720 frame',
      ],
      [[layer({ text: 'HI 漢', font: 'oi' })], 'The font Oi cannot draw "漢"'],
      [Array.from({ length: 6 }, (_, i) => layer({ id: `l${i}` })), 'An image holds at most 5 text layers'],
      [[layer(), layer()], 'Two text layers share the id "title"'],
    ];
    for (const [layers, text] of refusals) {
      const answer = await editText(api, imageId, { image: 0, layers });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toContain(text);
    }
    expect(await count()).toBe(messagesBefore);
    expect(await listKeys(cloud.runtime, `images/${userId}/`)).toEqual(keysBefore);
  });

  it("is a 404 on another creator's image, a missing one, or an image index the message lacks", async () => {
    const owner = await userWithImage('owner');
    const other = await newUser('other');
    const body = { image: 0, layers: [layer()] };
    expect((await editText(other.api, owner.imageId, body)).status).toBe(404);
    expect((await editText(owner.api, '01JNOTAMESSAGE00000000000', body)).status).toBe(404);
    expect((await editText(owner.api, owner.imageId, { ...body, image: 2 })).status).toBe(404);
    const listed = (await owner.api('listMessages', { params: { id: owner.conversationId } })).body.messages;
    expect(listed.filter((m: { content: string }) => m.content === TEXT_EDITED_TEXT)).toEqual([]);
  });
});

describe("a brand kit's logo", () => {
  /** A red square logo, set to be added in the top-right corner at 20% of the frame's width. */
  async function userWithLogo(name: string, addLogo = true) {
    const user = await newUser(name);
    const logo = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const upload = await uploadImage(user.api, new Uint8Array(logo), 'image/png');
    const placement = { corner: 'top-right', size: 0.2, add_logo: addLogo } as const;
    const saved = await user.api('putBrandKit', {
      body: { ...DEFAULT_BRAND_KIT, logo: { ...placement, upload } },
    });
    expect(saved.status).toBe(200);
    return { ...user, box: logoLayerBox(saved.body) as LayerBox };
  }

  /** The RGB pixel at (x, y) of a 1280x720 image's pixels. */
  const pixelAt = (image: { data: Buffer }, x: number, y: number) => [
    ...image.data.subarray((y * 1280 + x) * 3, (y * 1280 + x) * 3 + 3),
  ];
  const centre = (box: LayerBox) =>
    [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] as const;
  const inside = (box: LayerBox, x: number, y: number) =>
    x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

  /** How many pixels differ between two 1280x720 images inside `box`, and outside it. */
  function changes(a: { data: Buffer }, b: { data: Buffer }, box: LayerBox) {
    let changedInside = 0;
    let changedOutside = 0;
    for (let y = 0; y < 720; y++) {
      for (let x = 0; x < 1280; x++) {
        const i = (y * 1280 + x) * 3;
        const same =
          a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2];
        if (inside(box, x, y)) changedInside += same ? 0 : 1;
        else changedOutside += same ? 0 : 1;
      }
    }
    return { changedInside, changedOutside };
  }

  it('is drawn on a new thumbnail as its own layer, in its corner, and can be moved or removed for free', async () => {
    const { api, send, userId, box } = await userWithLogo('logo-layer');
    fakes.openai.image(await makePhotoPng(1280, 720, 11));
    const sent = await send({ content: 'A calm lake at dusk', provider: 'openai' });
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    const { message } = (await api('getMessage', { params: { id: settled.id } })).body;
    expect(box).toEqual({ x: 1216 - 256, y: 36, width: 256, height: 256 });
    expect(message.images[0]).toMatchObject({ text_layers: [], logo: { url: expect.any(String), box } });

    // The composite is the base with the logo in its box, and nothing else changed.
    const base = await pixelsOf(await fetchBytes(message.images[0].base_url));
    const composite = await pixelsOf(await fetchBytes(message.full_image_url));
    expect(changes(base, composite, box)).toMatchObject({ changedOutside: 0 });
    expect(pixelAt(composite, ...centre(box))).toEqual([255, 0, 0]);

    // The image keeps its own copy of the logo: a new logo in the kit leaves it as it was.
    const newLogo = await uploadImage(api, new Uint8Array(await makePhotoPng(64, 64, 1)), 'image/png');
    const replaced = await api('putBrandKit', {
      body: {
        ...DEFAULT_BRAND_KIT,
        logo: { corner: 'top-left', size: 0.1, add_logo: true, upload: newLogo },
      },
    });
    expect(replaced.status).toBe(200);
    const before = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    const calls = fakes.openai.requests.length;

    // Moved to the lower left (and the text kept as it was: none), for free.
    const moved = { x: 64, y: 400, width: 200, height: 200 };
    const edited = await api('editText', { params: { id: message.id }, body: { layers: [], logo: moved } });
    expect(edited.status).toBe(200);
    expect(edited.body.message.images[0].logo).toMatchObject({ box: moved });
    const movedPixels = await pixelsOf(await fetchBytes(edited.body.message.full_image_url));
    expect(pixelAt(movedPixels, ...centre(moved))).toEqual([255, 0, 0]);
    expect(pixelAt(movedPixels, ...centre(box))).toEqual(pixelAt(base, ...centre(box)));

    // A text edit that does not name the logo keeps it where it is.
    const kept = await api('editText', {
      params: { id: edited.body.message.id },
      body: { layers: [layer()] },
    });
    expect(kept.body.message.images[0].logo).toMatchObject({ box: moved });

    // Removed: the image is its base again.
    const removed = await api('editText', { params: { id: message.id }, body: { layers: [], logo: null } });
    expect(removed.body.message.images[0]).toMatchObject({ logo: null, base_url: null });
    const removedPixels = await pixelsOf(await fetchBytes(removed.body.message.full_image_url));
    expect(Buffer.compare(removedPixels.data, base.data)).toBe(0);

    expect(await readCreditItems(cloud.runtime.dynamodbEndpoint, userId)).toEqual(before);
    expect(fakes.openai.requests.length).toBe(calls);

    // Each version with a logo has its own copy of it, deleted with it.
    expect(
      (await listKeys(cloud.runtime, `images/${userId}/`)).filter((key) => key.endsWith('logo.png')),
    ).toHaveLength(3);
  });

  it('is not added when the kit does not ask for it, nor by an edit of an image', async () => {
    const { api, send } = await userWithLogo('logo-off', false);
    const plain = await send({ content: 'A red car', provider: 'openai' });
    const settled = await waitForSettled(api, plain.body.assistantMessage.id);
    const { message } = (await api('getMessage', { params: { id: settled.id } })).body;
    expect(message.images[0]).toMatchObject({ logo: null, base_url: null });

    const withLogo = await userWithLogo('logo-edit');
    const first = await withLogo.send({ content: 'A blue car', provider: 'openai' });
    const firstImage = await waitForSettled(withLogo.api, first.body.assistantMessage.id);
    const edit = await withLogo.send({
      content: 'make it green',
      provider: 'openai',
      edit_from: { message_id: firstImage.id, index: 0 },
    });
    const edited = await waitForSettled(withLogo.api, edit.body.assistantMessage.id);
    expect(edited).toMatchObject({ is_edit: true, status: 'done' });
    const read = (await withLogo.api('getMessage', { params: { id: edited.id } })).body.message;
    expect(read.images[0].logo).toBeNull();

    // The editor adds the kit's logo to an image without one; with no logo in the kit it is refused.
    const box = { x: 64, y: 36, width: 128, height: 128 };
    const added = await withLogo.api('editText', {
      params: { id: edited.id },
      body: { layers: [], logo: box },
    });
    expect(added.status).toBe(200);
    expect(added.body.message.images[0].logo).toMatchObject({ box });
    const noKit = await userWithImage('logo-none');
    const refused = await editText(noKit.api, noKit.imageId, { layers: [], logo: box });
    expect(refused).toMatchObject({ status: 400, body: { error: BRAND_KIT_TEXTS.noLogo } });
  });
});
