import { readFile } from 'node:fs/promises';
import { INSUFFICIENT_CREDITS_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { pngSize } from './support/png';

const INSUFFICIENT = INSUFFICIENT_CREDITS_TEXT;
const videoId = process.env.E2E_VIDEO_ID ?? 'dQw4w9WgXcQ';
// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

test.describe('generating and editing thumbnails offline', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('generate, edit, download, references by drop and link, reload mid-job, run out of credits', async ({
    page,
    providerHold,
  }) => {
    test.setTimeout(120_000);
    const app = await signUp(page, persona('creator'));
    const chat = new ChatPage(page);
    await expect(app.credits()).toHaveAccessibleName('3 credits');
    await expect(chat.selectedProvider()).toHaveText('Offline preview (no AI)');

    await test.step('a new thumbnail costs one credit and names the conversation', async () => {
      const prompt = 'Gaming thumbnail "EPIC WIN" with neon lights';
      providerHold.hold();
      await chat.send(prompt);
      await expect(chat.pendingMessages()).toHaveCount(1);
      await expect(chat.pendingMessages()).toContainText(/Processing your request|Generating your image/);
      await expect(chat.sendButton()).toBeDisabled();
      await expect(app.credits()).toHaveAccessibleName('2 credits');
      // While the provider draws, its latest partial picture stands in the image's place, softened.
      const partial = chat.pendingMessages().getByRole('img', { name: 'Drawn so far' });
      await expect(partial).toBeVisible();
      await expect(partial).toHaveJSProperty('complete', true);
      providerHold.release();
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      await expect(chat.pendingMessages()).toHaveCount(0);
      await expect(app.conversations().first()).toContainText(prompt);
    });

    await test.step('an edit costs one more, shows a WebP preview, downloads as a YouTube JPEG or a PNG', async () => {
      providerHold.hold();
      await chat.send('Make it brighter');
      await expect(chat.pendingMessages()).toContainText(/Processing your request|Editing your image/);
      await expect(app.credits()).toHaveAccessibleName('1 credit');
      await expect(app.credits()).toHaveAccessibleDescription(
        'Only 1 credit left. Buy credits to keep generating.',
      );
      providerHold.release();
      await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });

      const edited = chat.imageMessages().last();
      const image = edited.getByRole('img');
      await expect(image).toHaveJSProperty('complete', true);
      // The browser picked one of several WebP widths, not a JPEG stretched to the column.
      const srcset = await edited.locator('picture source[type="image/webp"]').getAttribute('srcset');
      expect(srcset?.split(',').length).toBeGreaterThanOrEqual(2);
      expect(await image.evaluate((img) => (img as { currentSrc?: string }).currentSrc)).toMatch(/\.webp\?/);

      const downloading = page.waitForEvent('download');
      await edited.getByRole('button', { name: 'Download', exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('make_it_brighter_generated.jpg');
      const jpeg = await readFile(await download.path());
      const youtube = await sharp(jpeg).metadata();
      expect([youtube.format, youtube.width, youtube.height]).toEqual(['jpeg', 1280, 720]);
      expect(jpeg.length).toBeLessThanOrEqual(600_000);

      const downloadingPng = page.waitForEvent('download');
      await edited.getByRole('button', { name: 'Download PNG' }).click();
      const png = await downloadingPng;
      expect(png.suggestedFilename()).toBe('make_it_brighter_generated.png');
      expect(pngSize(await readFile(await png.path()))).toEqual({ width: 1280, height: 720 });
    });

    await test.step('a dropped image and a pasted video link ride along as references', async () => {
      await chat.dropFile('reference.png', 'image/png', await makeReferencePng());
      await chat.dropFile('notes.txt', 'text/plain', Buffer.from('not an image'));
      await expect(page.getByText('Only image files can be attached.')).toBeVisible();
      await chat.paste(`https://www.youtube.com/watch?v=${videoId}`);
      await expect(chat.attachments()).toHaveCount(2);
      await expect(chat.attachments().filter({ hasText: 'Video thumbnail' })).toHaveCount(1);
      await expect(chat.attachments().filter({ hasText: 'reference.png' })).toHaveCount(1);
      // The screen is scanned once the notice has gone: a toast that starts leaving between the
      // two scans is measured halfway faded.
      await expect(page.getByText('Only image files can be attached.')).toBeHidden({ timeout: 10_000 });
      await checkScreen(page, 'chat-video-link');

      await chat.messageBox().press('End');
      await chat.messageBox().pressSequentially(' use both as the background');
      providerHold.hold();
      await expect(chat.sendButton()).toBeEnabled();
      await chat.messageBox().press('Enter');
      await expect(chat.attachments()).toHaveCount(0);
      const sent = chat.userMessages().last();
      await expect(sent.getByRole('img')).toHaveCount(2);
      await expect(chat.pendingMessages()).toHaveCount(1);
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });

    await test.step('a reload in the middle of the job picks it up again', async () => {
      await page.reload();
      await app.expectSignedIn();
      await expect(chat.pendingMessages()).toHaveCount(1);
      providerHold.release();
      await expect(chat.imageMessages()).toHaveCount(3, { timeout: jobTimeout });
      await expect(chat.userMessages().last().getByRole('img')).toHaveCount(2);
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });

    await test.step('without credits an invalid link is left out and checkout opens', async () => {
      await chat.messageBox().fill('One more, like youtube.com/watch?v=oops');
      await expect(chat.attachments().filter({ hasText: 'Invalid YouTube URL' })).toHaveCount(1);
      await checkScreen(page, 'chat-invalid-link');
      await chat.messageBox().press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(INSUFFICIENT);
      await checkScreen(page, 'chat-no-credits');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      const refusal = chat.assistantMessages().last();
      await expect(refusal).toContainText(INSUFFICIENT);
      // Never a dead end: the refusal itself opens the purchase again.
      await refusal.getByRole('button', { name: 'Buy credits' }).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(chat.userMessages().last().getByRole('img')).toHaveCount(0);
      await expect(chat.imageMessages()).toHaveCount(3);
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });
  });
});
