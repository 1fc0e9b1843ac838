import type { Page, Request } from '@playwright/test';
import { PHASE_TEXT, REGION_TEXTS } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { portraitOf } from '../fakes/faces';
import { ChatPage } from './pages/chat-page';
import { OwnKeysPage } from './pages/own-keys-page';
import { type ImagePoint, RegionEditorPage } from './pages/region-editor-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { uploadModel } from './support/models';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 30_000;

/** The next send of a message, to read what it carried. */
const nextSend = (page: Page) =>
  page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url()),
  );

/** The mask a send carried: its size and whether it is painted (opaque) at points of the image. */
async function sentMask(request: Request, points: ImagePoint[]) {
  const body = request.postDataJSON() as { mask?: string; edit_from?: unknown };
  const png = Buffer.from((body.mask ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alphaAt = ({ x, y }: ImagePoint) =>
    data[(Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels + 3] ?? 0;
  return {
    isPng: body.mask?.startsWith('data:image/png;base64,') ?? false,
    size: { width: info.width, height: info.height },
    painted: points.map((point) => alphaAt(point) > 0),
    editFrom: body.edit_from,
  };
}

/**
 * Keeps the `mask` part of every form the page sends with fetch (as base64, in the page), since a
 * form's file parts are not in what the browser reports of a request's body.
 */
function keepSentMasks() {
  type Form = { get(name: string): unknown };
  type Page = {
    fetch: (input: unknown, init?: { body?: unknown }) => Promise<unknown>;
    sentMasks: Promise<string>[];
    FormData: new () => Form;
    Blob: new () => { arrayBuffer(): Promise<ArrayBuffer> };
    btoa(text: string): string;
  };
  const page = globalThis as unknown as Page;
  const original = page.fetch.bind(page);
  page.sentMasks = [];
  page.fetch = (input, init) => {
    const mask = init?.body instanceof page.FormData ? (init.body as Form).get('mask') : undefined;
    if (mask instanceof page.Blob) {
      page.sentMasks.push(
        (mask as { arrayBuffer(): Promise<ArrayBuffer> })
          .arrayBuffer()
          .then((bytes) => page.btoa(String.fromCharCode(...new Uint8Array(bytes)))),
      );
    }
    return original(input, init);
  };
}

/** The full-size image's own size, as the editor loaded it. */
const naturalSize = (editor: RegionEditorPage) =>
  editor
    .image()
    .locator('img')
    .evaluate((image) => {
      const { naturalWidth, naturalHeight } = image as unknown as {
        naturalWidth: number;
        naturalHeight: number;
      };
      return { width: naturalWidth, height: naturalHeight };
    });

async function makeThumbnail(chat: ChatPage, prompt: string, count = 1) {
  // The send button, not Enter: on a phone Enter starts a new line.
  await chat.messageBox().fill(prompt);
  await chat.sendButton().click();
  await expect(chat.imageMessages()).toHaveCount(count, { timeout: jobTimeout });
  return chat.imageMessages().last();
}

test.describe('editing a region', () => {
  test('the brush, undo, a keyboard rectangle and a prompt send a mask of the painted area; the answer is a new image and the request shows where', async ({
    page,
    providerHold,
  }) => {
    test.setTimeout(150_000);
    const app = await signUp(page, persona('region-edit'));
    const chat = new ChatPage(page);
    const editor = new RegionEditorPage(page, await makeThumbnail(chat, 'A calm lake under a clear sky'));
    await expect(app.credits()).toHaveAccessibleName('2 credits');

    await test.step('the editor opens over the image with nothing painted: nothing to send yet', async () => {
      await editor.open();
      await expect(editor.send()).toBeDisabled();
      await expect(editor.dialog().getByText(REGION_TEXTS.emptyMask)).toBeVisible();
      await expect(editor.send()).toHaveAccessibleName(/Cost: 1 credit/);
      // No person in the picture: the face selections say why they cannot be used.
      for (const name of ['Select the face', 'Select the background']) {
        await expect(editor.button(name)).toBeDisabled();
        await expect(editor.button(name)).toHaveAttribute('title', 'No face was found in this image');
      }
      await checkScreen(page, 'region-editor');
    });

    await test.step('the brush paints where the mouse drags; undo takes it away, redo brings it back', async () => {
      await expect(editor.button('Brush')).toHaveAttribute('aria-pressed', 'true');
      await editor.drag({ x: 0.1, y: 0.2 }, { x: 0.4, y: 0.2 });
      expect(await editor.paintedPixels()).toBeGreaterThan(1000);
      expect(await editor.paintedAt({ x: 0.25, y: 0.2 })).toBe(true);
      expect(await editor.paintedAt({ x: 0.25, y: 0.8 })).toBe(false);
      await expect(editor.dialog().getByText(REGION_TEXTS.emptyMask)).toBeHidden();

      await editor.button('Undo').click();
      await expect.poll(() => editor.paintedPixels()).toBe(0);
      await expect(editor.dialog().getByText(REGION_TEXTS.emptyMask)).toBeVisible();
      await editor.prompt().fill('replace the sky with a storm');
      await expect(editor.send()).toBeDisabled();

      await editor.button('Redo').click();
      await expect.poll(() => editor.paintedAt({ x: 0.25, y: 0.2 })).toBe(true);
      await expect(editor.send()).toBeEnabled();
    });

    await test.step('the eraser takes away what it crosses, and Ctrl+Z undoes it', async () => {
      await editor.button('Eraser').click();
      await editor.drag({ x: 0.25, y: 0.05 }, { x: 0.25, y: 0.35 });
      expect(await editor.paintedAt({ x: 0.25, y: 0.2 })).toBe(false);
      expect(await editor.paintedAt({ x: 0.15, y: 0.2 })).toBe(true);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(() => editor.paintedAt({ x: 0.25, y: 0.2 })).toBe(true);
    });

    await test.step('the keyboard draws a rectangle: arrows move it, Shift+arrows size it, Enter paints it', async () => {
      const before = await editor.paintedPixels();
      await editor.image().focus();
      await page.keyboard.press('ArrowDown');
      await expect(editor.keyboardRectangle()).toBeVisible();
      for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => editor.paintedPixels()).toBeGreaterThan(before);
      // It started as a quarter of the image in its middle and went six steps (of 1/40) down.
      expect(await editor.paintedAt({ x: 0.5, y: 0.75 })).toBe(true);
      await expect(editor.dialog().getByText('Shift+arrows size it')).toBeVisible();
    });

    await test.step('send: the mask is a PNG the image’s size, painted where painted and nowhere else', async () => {
      const size = await naturalSize(editor);
      const sending = nextSend(page);
      providerHold.hold();
      await editor.send().click();
      const mask = await sentMask(await sending, [
        { x: 0.2, y: 0.2 },
        { x: 0.5, y: 0.75 },
        { x: 0.95, y: 0.05 },
        { x: 0.05, y: 0.95 },
      ]);
      expect(mask).toEqual({
        isPng: true,
        size,
        painted: [true, true, false, false],
        editFrom: { message_id: expect.any(String), index: 0 },
      });
      await expect(editor.dialog()).toBeHidden();
      // An edit like any other: its placeholder says so while the provider draws.
      await expect(chat.pendingMessages()).toContainText(PHASE_TEXT.editing, { timeout: jobTimeout });
      providerHold.release();
    });

    await test.step('the edit is a new image for a credit, and the request shows the painted area over its image', async () => {
      const request = chat.userMessages().last();
      await expect(request).toContainText('replace the sky with a storm');
      await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
      await expect(app.credits()).toHaveAccessibleName('1 credit');
      const overlay = request.getByRole('img', { name: 'The area painted to change' });
      await expect(overlay).toBeVisible();
      await expect(overlay.locator('img')).toHaveJSProperty('complete', true);
      await checkScreen(page, 'region-edit-request');
    });
  });

  test("'Select the face' and 'Select the background' use the faces the likeness check found; closing sends nothing", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, persona('region-faces'));
    const chat = new ChatPage(page);

    await test.step('a thumbnail featuring a person, whose face the likeness check finds', async () => {
      await page.getByRole('button', { name: 'Select people' }).click();
      await uploadModel(page, 'Robin', [
        { name: 'robin.jpg', mimeType: 'image/jpeg', buffer: await portraitOf('one') },
      ]);
      await page
        .getByRole('dialog', { name: 'Manage Models' })
        .getByRole('button', { name: 'Apply' })
        .click();
      await makeThumbnail(chat, 'Robin shocked at a giant robot');
      await expect(chat.likenessNote()).toContainText('Robin', { timeout: 30_000 });
    });

    const editor = new RegionEditorPage(page, chat.imageMessages().last());
    let face: { left: number; top: number; right: number; bottom: number } | undefined;
    await test.step("'Select the face' paints the face", async () => {
      await editor.open();
      await editor.button('Select the face').click();
      face = await editor
        .dialog()
        .locator('canvas')
        .evaluate((element) => {
          const canvas = element as unknown as {
            width: number;
            height: number;
            getContext(kind: '2d'): {
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
            };
          };
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          const box = { left: 1, top: 1, right: 0, bottom: 0 };
          for (let y = 0; y < canvas.height; y++) {
            for (let x = 0; x < canvas.width; x++) {
              if ((data[(y * canvas.width + x) * 4 + 3] ?? 0) === 0) continue;
              box.left = Math.min(box.left, x / canvas.width);
              box.right = Math.max(box.right, x / canvas.width);
              box.top = Math.min(box.top, y / canvas.height);
              box.bottom = Math.max(box.bottom, y / canvas.height);
            }
          }
          return box;
        });
      expect(face.right - face.left).toBeGreaterThan(0.02);
      expect(face.right - face.left).toBeLessThan(0.6);
      await expect(editor.dialog().getByText(REGION_TEXTS.emptyMask)).toBeHidden();
    });

    await test.step("'Select the background' paints all but the person", async () => {
      if (!face) throw new Error('no face was painted');
      await editor.button('Clear').click();
      await expect.poll(() => editor.paintedPixels()).toBe(0);
      await editor.button('Select the background').click();
      const centre = { x: (face.left + face.right) / 2, y: (face.top + face.bottom) / 2 };
      await expect.poll(() => editor.paintedAt(centre)).toBe(false);
      const farSide = centre.x > 0.5 ? 0.02 : 0.98;
      expect(await editor.paintedAt({ x: farSide, y: 0.02 })).toBe(true);
      await editor.button('Undo').click();
      await expect.poll(() => editor.paintedPixels()).toBe(0);
    });

    await test.step('Escape closes the editor and nothing is sent', async () => {
      await editor.button('Select the face').click();
      await page.keyboard.press('Escape');
      await expect(editor.dialog()).toBeHidden();
      await expect(chat.userMessages()).toHaveCount(1);
      await expect(chat.imageMessages()).toHaveCount(1);
      await expect(chat.pendingMessages()).toHaveCount(0);
    });
  });

  test("with the creator's own key the browser asks the provider for the painted area only, and the backend stores the answer with its mask", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const OPENAI = 'OpenAI GPT-Image';
    const toProvider: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname.startsWith('/openai/')) toProvider.push(pathname);
    });
    await page.addInitScript(keepSentMasks);
    const app = await signUp(page, persona('region-own-key'));
    const chat = new ChatPage(page);
    const keys = new OwnKeysPage(page);
    // The chat focuses the prompt when its first conversation opens, which closes a menu opened before.
    await expect(chat.messageBox()).toBeFocused();
    await keys.open();
    await keys.save(OPENAI, 'fake-openai-key-for-region-edits');
    await expect(keys.status(OPENAI)).toHaveText('The key works.');
    await keys.close();
    await chat.providerSelect().selectOption({ label: `${OPENAI} (your key)` });
    const editor = new RegionEditorPage(page, await makeThumbnail(chat, 'A lighthouse on a cliff'));

    await editor.open();
    await expect(editor.send()).toHaveAccessibleName(/No credit: your own key/);
    await editor.button('Rectangle').click();
    await editor.drag({ x: 0.1, y: 0.1 }, { x: 0.4, y: 0.5 });
    await expect.poll(() => editor.paintedAt({ x: 0.25, y: 0.3 })).toBe(true);
    await editor.prompt().fill('make the sky purple');
    const saving = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/own-key-answers$/.test(new URL(request.url()).pathname),
    );
    const before = toProvider.length;
    const size = await naturalSize(editor);
    await editor.send().click();
    const saved = (await saving).postDataJSON() as { mask?: string; is_edit?: boolean; edit_from?: unknown };
    expect(saved).toMatchObject({
      is_edit: true,
      mask: expect.stringMatching(/^data:image\/png;base64,/),
      edit_from: { message_id: expect.any(String), index: 0 },
    });
    // A region edit is an edit of its image: no classifier is asked.
    expect(toProvider.slice(before)).toEqual(['/openai/v1/images/edits']);
    // OpenAI's mask: a PNG the image's size, transparent where painted and opaque elsewhere.
    const masks = await page.evaluate(() =>
      Promise.all((globalThis as unknown as { sentMasks: Promise<string>[] }).sentMasks),
    );
    expect(masks).toHaveLength(1);
    const png = Buffer.from(masks[0] ?? '', 'base64');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) =>
      data[(Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels + 3];
    expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({
      ...size,
      channels: 4,
    });
    expect([alphaAt(0.25, 0.3), alphaAt(0.8, 0.8)]).toEqual([0, 255]);
    await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
    await expect(app.credits()).toHaveAccessibleName('3 credits');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a finger paints the region and the edit is sent', async ({ page }) => {
      test.setTimeout(150_000);
      await signUp(page, persona('region-phone'));
      const chat = new ChatPage(page);
      const editor = new RegionEditorPage(page, await makeThumbnail(chat, 'A red car on a mountain road'));
      await editor.open();
      await editor.touchDrag({ x: 0.2, y: 0.5 }, { x: 0.8, y: 0.5 });
      await expect.poll(() => editor.paintedAt({ x: 0.5, y: 0.5 })).toBe(true);
      expect(await editor.paintedAt({ x: 0.5, y: 0.1 })).toBe(false);
      await checkScreen(page, 'region-editor-phone');
      await editor.prompt().fill('make the car blue');
      const sending = nextSend(page);
      await editor.send().click();
      const mask = await sentMask(await sending, [
        { x: 0.5, y: 0.5 },
        { x: 0.5, y: 0.1 },
      ]);
      expect(mask.painted).toEqual([true, false]);
      await expect(editor.dialog()).toBeHidden();
      await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
    });
  });
});
