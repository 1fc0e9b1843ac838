import { deflateSync } from 'node:zlib';
import { MODEL_TEXTS, rateLimitedText, tooManyModelsText } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { uploadImage, waitForSettled } from '../support/jobs';
import { sharedCloud } from '../support/local-cloud';
import { seedPersonModel } from '../support/models';
import { listKeys } from '../support/storage';
import { newApiUser } from '../support/users';

const runtime = inject('runtime');

// The defaults the local cloud runs with, as in AWS.
const MAX_MODELS_PER_USER = 50;
const MODEL_UPLOADS_PER_MINUTE = 20;

const newUser = (name: string) => newApiUser(sharedCloud(), name);

type Api = Awaited<ReturnType<typeof newUser>>['api'];

const photo = (color: string, width = 400, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** A PNG whose header claims 20000x20000 pixels, a few hundred bytes long: a decompression bomb. */
function pixelBombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(api: Api, name: string, colors = ['#c08060', '#a07050', '#806040']) {
  const images = await Promise.all(colors.map(async (color) => dataUrl(await photo(color))));
  const answer = await api('uploadModel', { body: { name, images } });
  expect(answer.status).toBe(201);
  return answer.body.model;
}

let ada: Awaited<ReturnType<typeof newUser>>;
let babbage: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  [ada, babbage] = await Promise.all([newUser('ada-models'), newUser('babbage-models')]);
});

describe('uploading a model', () => {
  it('stores every photo re-encoded with a thumbnail, the first one primary, and lists it', async () => {
    const model = await upload(ada.api, 'Ada');
    expect(model).toMatchObject({ name: 'Ada', usage_count: 0, last_used_at: null });
    expect(model.images).toHaveLength(3);
    expect(model.images.map((image: { is_primary: boolean }) => image.is_primary)).toEqual([
      true,
      false,
      false,
    ]);
    expect(model.image_url).toBe(model.images[0].image_url);

    const thumbnail = Buffer.from(await (await fetch(model.images[0].thumbnail_url)).arrayBuffer());
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    const { body } = await ada.api('listModels', { query: { active: 'true' } });
    expect(body.models.map((m: { id: string }) => m.id)).toContain(model.id);
    expect((await ada.api('listModels')).body.models).toHaveLength(body.models.length);
  });

  it('drops location and other metadata, and applies the orientation', async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f0c0a0' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS 52.5N 13.4E' } } })
      .toBuffer();
    const answer = await ada.api('uploadModel', {
      body: {
        name: 'Rotated',
        images: [dataUrl(tagged)],
      },
    });
    expect(answer.status).toBe(201);
    const stored = Buffer.from(await (await fetch(answer.body.model.images[0].image_url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
  });

  it('takes uploaded keys for large photos and removes the uploads once used', async () => {
    const key = await uploadImage(ada.api, await photo('#906050', 1600, 1200), 'image/jpeg');
    const answer = await ada.api('uploadModel', { body: { name: 'From upload', images: [key] } });
    expect(answer.status).toBe(201);
    expect(await listKeys(runtime, key)).toEqual([]);
  });

  it.each([
    ['an empty name', { name: '  ', images: ['x'] }, MODEL_TEXTS.nameAndImageRequired],
    ['no images', { name: 'Nobody', images: [] }, MODEL_TEXTS.nameAndImageRequired],
    ['a 200-character name', { name: 'n'.repeat(200), images: ['x'] }, 'at most 100 characters'],
    ['21 images', { name: 'Crowd', images: Array(21).fill('x') }, MODEL_TEXTS.tooManyImages],
  ])('refuses %s with a clear message', async (_what, body, message) => {
    const answer = await babbage.api('uploadModel', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_request' });
    expect(answer.body.error).toContain(message);
  });

  it('refuses a non-image, an SVG, a pixel bomb and a truncated file, keeping nothing', async () => {
    const good = dataUrl(await photo('#b07050'));
    const jpeg = await photo('#705030', 800, 800);
    const bad = [
      dataUrl(Buffer.from('just text'), 'image/png'),
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/svg+xml'),
      dataUrl(pixelBombPng(), 'image/png'),
      dataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2))),
      'https://example.com/face.jpg',
    ];
    for (const image of bad) {
      const answer = await babbage.api('uploadModel', { body: { name: 'Bad', images: [good, image] } });
      expect(answer.status, image.slice(0, 40)).toBe(400);
    }
    expect((await babbage.api('listModels')).body.models).toEqual([]);
    expect(await listKeys(runtime, `models/${babbage.userId}/`)).toEqual([]);
  });

  it('answers a body over the API limit with 413, not a crash', async () => {
    const huge = `data:image/jpeg;base64,${'A'.repeat(7 * 1024 * 1024)}`;
    const answer = await babbage.api('uploadModel', { body: { name: 'Huge', images: [huge] } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/too large/i);
  });
});

describe('editing a model', () => {
  it('renames, adds photos, sets the primary and deletes photos, never the last one', async () => {
    const model = await upload(ada.api, 'Grace', ['#c09070', '#a08060']);
    const [first, second] = model.images;

    const renamed = await ada.api('updateModel', { body: { modelId: model.id, name: 'Grace H.' } });
    expect(renamed).toMatchObject({ status: 200, body: { model: { name: 'Grace H.' } } });

    const added = await ada.api('addModelImages', {
      body: {
        modelId: model.id,
        images: [dataUrl(await photo('#805040'))],
      },
    });
    expect(added.body.model.images).toHaveLength(3);

    const primary = await ada.api('setPrimaryModelImage', {
      body: { modelId: model.id, imageId: second.id },
    });
    expect(primary.body.model.images[0]).toMatchObject({ id: second.id, is_primary: true });
    expect(
      primary.body.model.images.filter((image: { is_primary: boolean }) => image.is_primary),
    ).toHaveLength(1);
    const again = await ada.api('setPrimaryModelImage', { body: { modelId: model.id, imageId: second.id } });
    expect(again.status).toBe(200);
    expect(again.body.model.images.map((image: { id: string }) => image.id)).toEqual(
      primary.body.model.images.map((image: { id: string }) => image.id),
    );

    // Deleting the primary makes another one primary.
    const afterDelete = await ada.api('deleteModelImage', {
      body: {
        modelId: model.id,
        imageId: second.id,
      },
    });
    expect(afterDelete.body.model.images).toHaveLength(2);
    expect(
      afterDelete.body.model.images.filter((image: { is_primary: boolean }) => image.is_primary),
    ).toHaveLength(1);

    const third = afterDelete.body.model.images.find((image: { id: string }) => image.id !== first.id);
    await ada.api('deleteModelImage', { body: { modelId: model.id, imageId: third.id } });
    const last = await ada.api('deleteModelImage', { body: { modelId: model.id, imageId: first.id } });
    expect(last).toEqual({ status: 400, body: { error: MODEL_TEXTS.lastImage, code: 'bad_request' } });
  });

  it('caps a model at 20 photos', async () => {
    const model = await upload(ada.api, 'Many', ['#111111']);
    const images = await Promise.all(
      Array.from({ length: 20 }, () => photo('#222222', 64, 64).then(dataUrl)),
    );
    const answer = await ada.api('addModelImages', { body: { modelId: model.id, images } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(MODEL_TEXTS.tooManyImages);
    expect(
      (await ada.api('listModels')).body.models.find((m: { id: string }) => m.id === model.id).images,
    ).toHaveLength(1);
  });
});

describe('ownership', () => {
  it("lets nobody read, change, delete or generate with another user's model", async () => {
    const model = await upload(ada.api, 'Private');
    const imageId = model.images[0].id;
    const theirs = babbage.api;

    expect((await theirs('listModels')).body.models.map((m: { id: string }) => m.id)).not.toContain(model.id);
    for (const [method, path, body] of [
      ['PUT', '/api/models-update', { modelId: model.id, name: 'Mine' }],
      ['DELETE', '/api/models-delete', { modelId: model.id }],
      ['POST', '/api/models-images', { modelId: model.id, images: [dataUrl(await photo('#000000'))] }],
      ['DELETE', '/api/models-images', { modelId: model.id, imageId }],
      ['PUT', '/api/models-images', { modelId: model.id, imageId }],
    ] as const) {
      const answer = await theirs.raw(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    const conversation = (await theirs('createConversation', { body: {} })).body.conversation;
    const sent = await theirs('sendMessage', {
      params: { id: conversation.id },
      body: {
        content: 'Feature them',
        selected_model_ids: [model.id],
      },
    });
    expect(sent.status).toBe(400);

    const key = await uploadImage(ada.api, await photo('#333333'), 'image/jpeg');
    const stolen = await theirs('uploadModel', { body: { name: 'Stolen', images: [key] } });
    expect(stolen.status).toBe(400);

    const untouched = (await ada.api('listModels')).body.models.find(
      (m: { id: string }) => m.id === model.id,
    );
    expect(untouched).toMatchObject({ name: 'Private' });
    expect(untouched.images).toHaveLength(3);
  });

  it('answers unknown model and image ids with 404', async () => {
    const model = await upload(ada.api, 'Known', ['#444444']);
    expect((await ada.api('updateModel', { body: { modelId: 'nope', name: 'x' } })).status).toBe(404);
    expect(
      (await ada.api('setPrimaryModelImage', { body: { modelId: model.id, imageId: 'nope' } })).status,
    ).toBe(404);
    expect((await ada.api('deleteModel', { body: { modelId: 'nope' } })).status).toBe(404);
  });
});

describe('generating with a model, then deleting it', () => {
  it('counts a use after a successful generation; deleting removes its photos but not old messages', async () => {
    const model = await upload(ada.api, 'Star');
    const conversation = (await ada.api('createConversation', { body: {} })).body.conversation;
    const sent = await ada.api('sendMessage', {
      params: { id: conversation.id },
      body: {
        content: 'Star on a stage',
        selected_model_ids: [model.id],
      },
    });
    expect(sent.status).toBe(202);
    expect((await waitForSettled(ada.api, sent.body.assistantMessage.id)).status).toBe('done');
    // The worker counts the use right after it settles the job, so the count may lag the message a moment.
    const usageOf = async () =>
      (await ada.api('listModels')).body.models.find((m: { id: string }) => m.id === model.id);
    await expect.poll(async () => (await usageOf()).usage_count).toBe(1);
    expect((await usageOf()).last_used_at).toEqual(expect.any(String));

    expect(await listKeys(runtime, `models/${ada.userId}/${model.id}/`)).toHaveLength(6);
    expect((await ada.api('deleteModel', { body: { modelId: model.id } })).status).toBe(204);
    expect(await listKeys(runtime, `models/${ada.userId}/${model.id}/`)).toEqual([]);

    const messages = await ada.api('listMessages', { params: { id: conversation.id } });
    expect(messages.status).toBe(200);
    expect(
      messages.body.messages.find((m: { role: string }) => m.role === 'user').selected_model_ids,
    ).toEqual([model.id]);
  });
});

describe('limits on models', () => {
  it(`keeps at most ${MAX_MODELS_PER_USER} models per account, even when they are uploaded at once`, async () => {
    const carol = await newUser('carol-models');
    // Models stored before the count existed are counted too, from the table, the first time.
    const seeded = MAX_MODELS_PER_USER - 3;
    await Promise.all(
      Array.from({ length: seeded }, (_, i) => seedPersonModel(runtime, carol.userId, `Seed ${i}`)),
    );
    const image = dataUrl(await photo('#c08060', 64, 64));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        carol.api('uploadModel', { body: { name: `New ${i}`, images: [image] } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 400, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toEqual({
      error: tooManyModelsText(MAX_MODELS_PER_USER),
      code: 'bad_request',
    });
    const listed = async () => (await carol.api('listModels')).body.models as { id: string }[];
    expect(await listed()).toHaveLength(MAX_MODELS_PER_USER);
    // The refused uploads kept no photo: the seeds' one each, and a photo and a thumbnail per new model.
    expect(await listKeys(runtime, `models/${carol.userId}/`)).toHaveLength(seeded + 3 * 2);

    // Deleting one makes room for one.
    const [oldest] = await listed();
    expect((await carol.api.raw('DELETE', '/api/models-delete', { modelId: oldest?.id })).status).toBe(204);
    const again = () => carol.api('uploadModel', { body: { name: 'Again', images: [image] } });
    expect((await again()).status).toBe(201);
    expect((await again()).status).toBe(400);
    expect(await listed()).toHaveLength(MAX_MODELS_PER_USER);
  });

  it('refuses a burst of model uploads and photo additions with 429', async () => {
    const dave = await newUser('dave-models');
    // Refused by their content, cheaply, but counted first all the same.
    const requests = Array.from({ length: 2 * MODEL_UPLOADS_PER_MINUTE + 1 }, (_, i) =>
      i % 2
        ? dave.api('uploadModel', { body: { name: 'x', images: ['https://example.com/face.jpg'] } })
        : dave.api('addModelImages', {
            body: {
              modelId: 'nope',
              images: ['https://example.com/face.jpg'],
            },
          }),
    );
    const answers = await Promise.all(requests);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body.code).toBe('rate_limited');
    const waits = Array.from({ length: 60 }, (_, n) => rateLimitedText(n + 1));
    expect(waits).toContain(refused[0]?.body.error);
    for (const answer of answers) expect([400, 404, 429]).toContain(answer.status);
  });
});

describe('concurrent changes to one model', () => {
  it('answers every change, loses no photo and leaves exactly one primary and no stray file', async () => {
    const erin = await newUser('erin-models');
    const colors = ['#101010', '#202020', '#303030', '#404040'];
    const model = await upload(erin.api, 'Busy', colors);
    const [keep, goneA, goneB, other] = model.images.map((image: { id: string }) => image.id);
    const adds = await Promise.all(
      ['#a01010', '#10a010', '#1010a0', '#a0a010', '#10a0a0', '#a010a0'].map(async (color) =>
        dataUrl(await photo(color, 64, 64)),
      ),
    );

    // As the issue tried it: 13 changes at once, adds, deletes and primary changes.
    const calls = [
      ...adds.map((image) => ['POST', { modelId: model.id, images: [image] }] as const),
      ['DELETE', { modelId: model.id, imageId: goneA }] as const,
      ['DELETE', { modelId: model.id, imageId: goneB }] as const,
      ...[other, keep, other, keep, other].map((imageId) => ['PUT', { modelId: model.id, imageId }] as const),
    ];
    const answers = await Promise.all(
      calls.map(([method, body]) => erin.api.raw(method, '/api/models-images', body)),
    );
    for (const answer of answers) {
      // Every change is made, or refused with the words to try again: never a server error.
      if (answer.status === 409) {
        expect(answer.body).toEqual({ error: MODEL_TEXTS.changedMeanwhile, code: 'conflict' });
      } else expect(answer.status).toBe(200);
    }

    const final = (await erin.api('listModels')).body.models.find((m: { id: string }) => m.id === model.id);
    type Image = { id: string; is_primary: boolean; image_url: string; thumbnail_url: string };
    const ids = (images: Image[]) => images.map((image) => image.id);
    expect(final.images.filter((image: Image) => image.is_primary)).toHaveLength(1);
    // Every photo some answer showed is still there, unless a delete that answered 200 removed it.
    const deleted = calls.flatMap(([method, body], i) =>
      method === 'DELETE' && answers[i]?.status === 200 ? [body.imageId] : [],
    );
    const seen = new Set([
      ...ids(model.images),
      ...answers.flatMap((answer) => (answer.status === 200 ? ids(answer.body.model.images) : [])),
    ]);
    expect(new Set(ids(final.images))).toEqual(new Set([...seen].filter((id) => !deleted.includes(id))));
    const addedOk = calls.filter(([method], i) => method === 'POST' && answers[i]?.status === 200).length;
    expect(final.images).toHaveLength(colors.length + addedOk - deleted.length);
    // Storage holds exactly the photos and thumbnails the model names: none orphaned, none missing.
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\/[^/]+\//, '');
    const named = final.images.flatMap((image: Image) => [
      keyOf(image.image_url),
      keyOf(image.thumbnail_url),
    ]);
    expect((await listKeys(runtime, `models/${erin.userId}/${model.id}/`)).sort()).toEqual(named.sort());
  });
});
