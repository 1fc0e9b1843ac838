import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { type FrameBox, TextEditorPage } from './pages/text-editor-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 30_000;
// Text asked for in quotes comes back as one editable layer over a textless picture.
const PROMPT = 'Cooking show thumbnail, the text "PASTA NIGHT"';
const WORDS = 'SAVED FOR FREE';
// A colour no offline picture has, so its pixels are the text's own.
const INK = '#ff00ff';
const isInk = (r: number, g: number, b: number) => r > 190 && g < 90 && b > 190;

/** Where the text's ink is inside a box (with room for its outline): left, top, right, bottom. */
async function inkBounds(image: Buffer, box: FrameBox) {
  const { data, info } = await sharp(image)
    .resize(1280, 720, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x0 = Math.max(0, Math.floor(box.x) - 30);
  const y0 = Math.max(0, Math.floor(box.y) - 30);
  const x1 = Math.min(1280, Math.ceil(box.x + box.width) + 30);
  const y1 = Math.min(720, Math.ceil(box.y + box.height) + 30);
  const ink = { left: 1280, top: 720, right: -1, bottom: -1 };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const at = (y * info.width + x) * info.channels;
      if (!isInk(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0)) continue;
      ink.left = Math.min(ink.left, x);
      ink.top = Math.min(ink.top, y);
      ink.right = Math.max(ink.right, x);
      ink.bottom = Math.max(ink.bottom, y);
    }
  }
  return ink;
}

async function makeThumbnailWithText(chat: ChatPage) {
  // The send button, not Enter: on a phone Enter starts a new line.
  await chat.messageBox().fill(PROMPT);
  await chat.sendButton().click();
  await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
  return chat.imageMessages().first();
}

test.describe('the text editor', () => {
  test('changes words, font and colour, drags the text, saves a new message whose download matches the editor', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, persona('text-editor'));
    const chat = new ChatPage(page);
    const editor = new TextEditorPage(page, await makeThumbnailWithText(chat));

    await test.step("the image opens with its text as a layer, in the server's font", async () => {
      await editor.open();
      await expect(editor.layers()).toHaveCount(1);
      await expect(editor.words()).toHaveValue('PASTA NIGHT');
      await checkScreen(page, 'text-editor');
    });

    let before: FrameBox | undefined;
    await test.step('new words, font and colour, then dragged across', async () => {
      await editor.words().fill(WORDS);
      await editor.font().selectOption({ label: 'Roboto Condensed' });
      await editor.colour().fill(INK);
      [before] = await editor.boxes();
      if (!before) throw new Error('no layer on the canvas');
      await editor.dragBy({ x: before.x + before.width / 2, y: before.y + before.height / 2 }, 150, -20);
      const [after] = await editor.boxes();
      expect(after?.x).toBeGreaterThan(before.x + 100);
    });

    await test.step('the corner handle resizes the box', async () => {
      const [moved] = await editor.boxes();
      if (!moved) throw new Error('no layer on the canvas');
      await editor.dragBy({ x: moved.x + moved.width, y: moved.y + moved.height }, -120, -60);
      const [resized] = await editor.boxes();
      expect(resized?.width).toBeCloseTo(moved.width - 120, -1);
      expect(resized?.height).toBeCloseTo(moved.height - 60, -1);
      expect(resized).toMatchObject({ x: moved.x, y: moved.y });
    });

    await test.step('the keyboard nudges, Ctrl+Z undoes, Escape deselects before it closes', async () => {
      const [dragged] = await editor.boxes();
      const x = () => editor.boxes().then(([layer]) => layer?.x);
      await editor.canvas().focus();
      await page.keyboard.press('Shift+ArrowRight');
      await expect.poll(x).toBe((dragged?.x ?? 0) + 10);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(x).toBe(dragged?.x);
      await page.keyboard.press('Escape');
      await expect(editor.words()).toBeHidden();
      await expect(editor.dialog()).toBeVisible();
      await expect(editor.dialog().getByRole('button', { name: WORDS, exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });

    const [box] = await editor.boxes();
    const drawn = await editor.picture();
    await test.step('Save adds "Text edited" to the chat, free', async () => {
      await editor.save().click();
      await expect(editor.dialog()).toBeHidden();
      await expect(chat.imageMessages()).toHaveCount(2);
      await expect(chat.imageMessages().last()).toContainText('Text edited');
    });

    await test.step('its 1280x720 download has the text where the editor drew it', async () => {
      if (!box) throw new Error('no layer on the canvas');
      const downloading = page.waitForEvent('download');
      await chat.imageMessages().last().getByRole('button', { name: 'Download', exact: true }).click();
      const downloaded = await readFile(await (await downloading).path());
      expect(await sharp(downloaded).metadata()).toMatchObject({ width: 1280, height: 720 });
      const inEditor = await inkBounds(drawn, box);
      const inDownload = await inkBounds(downloaded, box);
      expect(inEditor.right - inEditor.left).toBeGreaterThan(100);
      for (const side of ['left', 'top', 'right', 'bottom'] as const) {
        expect(Math.abs(inDownload[side] - inEditor[side]), side).toBeLessThanOrEqual(4);
      }
    });
  });

  test("puts the brand kit's logo on a new thumbnail as a layer, which the editor moves", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page, persona('text-editor-logo'));
    const chat = new ChatPage(page);

    await test.step('Account → Brand kit: a logo, added to new thumbnails in the top left', async () => {
      // The chat focuses the prompt when its first conversation opens, which closes a menu opened before.
      await expect(chat.messageBox()).toBeFocused();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Brand kit' }).click();
      const kit = page.getByRole('dialog', { name: 'Brand kit' });
      const logo = await sharp({ create: { width: 200, height: 200, channels: 4, background: INK } })
        .png()
        .toBuffer();
      await kit
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expect(kit.getByRole('checkbox', { name: 'Add the logo to new thumbnails' })).toBeChecked();
      await kit.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(kit).toBeHidden();
    });

    await chat.messageBox().fill('A mountain lake at dawn');
    await chat.sendButton().click();
    await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
    const editor = new TextEditorPage(page, chat.imageMessages().first());

    let before: FrameBox | undefined;
    await test.step('the editor shows the logo in its corner, and a drag moves it', async () => {
      await editor.open();
      [before] = await editor.logoBoxes();
      expect(before).toEqual({ x: 64, y: 36, width: 154, height: 154 });
      if (!before) throw new Error('no logo on the canvas');
      await editor.dragBy({ x: before.x + 70, y: before.y + 70 }, 400, 250);
      const [after] = await editor.logoBoxes();
      expect(after?.x).toBeGreaterThan(before.x + 300);
      expect(after?.y).toBeGreaterThan(before.y + 150);
    });

    const [moved] = await editor.logoBoxes();
    await test.step('saved, the download has the logo where it was dragged', async () => {
      if (!moved || !before) throw new Error('no logo on the canvas');
      await editor.save().click();
      await expect(editor.dialog()).toBeHidden();
      await expect(chat.imageMessages()).toHaveCount(2);
      const downloading = page.waitForEvent('download');
      await chat.imageMessages().last().getByRole('button', { name: 'Download', exact: true }).click();
      const downloaded = await readFile(await (await downloading).path());
      const ink = await inkBounds(downloaded, moved);
      for (const side of ['left', 'top'] as const) {
        expect(Math.abs(ink[side] - moved[side === 'left' ? 'x' : 'y']), side).toBeLessThanOrEqual(2);
      }
      expect(ink.right - ink.left).toBeGreaterThan(moved.width - 4);
      expect((await inkBounds(downloaded, before)).right).toBeLessThan(before.x);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a finger drags the text, and the moved text is saved', async ({ page }) => {
      test.setTimeout(120_000);
      await signUp(page, persona('text-editor-phone'));
      const chat = new ChatPage(page);
      const editor = new TextEditorPage(page, await makeThumbnailWithText(chat));
      await editor.open();
      const [before] = await editor.boxes();
      if (!before) throw new Error('no layer on the canvas');
      await editor.touchDragBy({ x: before.x + before.width / 2, y: before.y + before.height / 2 }, 200, 0);
      const [after] = await editor.boxes();
      expect(after?.x).toBeGreaterThan(before.x + 150);
      await editor.save().click();
      await expect(editor.dialog()).toBeHidden();
      await expect(chat.imageMessages()).toHaveCount(2);
    });
  });
});
