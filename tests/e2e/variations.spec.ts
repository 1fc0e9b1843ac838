import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { GalleryPage, ShareMenu } from './pages/gallery-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per call (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

test.describe('variations offline', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("two variations for two credits, shown as a grid; 'Edit this one' makes the next edit start from it; each is shared and in the gallery on its own", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    let secondJpeg = Buffer.alloc(0);
    const app = await signUp(page, persona('variations'));
    const chat = new ChatPage(page);
    await expect(app.credits()).toHaveAccessibleName('3 credits');

    await test.step('the control says what the variations cost', async () => {
      await expect(chat.variationsSelect()).toHaveValue('1');
      await expect(page.getByText('Cost: 1 credit', { exact: true })).toBeVisible();
      await chat.variationsSelect().selectOption('2');
      await expect(page.getByText('Cost: 2 credits', { exact: true })).toBeVisible();
    });

    await test.step('one answer holds both images, each with open, download and Edit this one', async () => {
      await chat.send('Cooking thumbnail "PASTA NIGHT"');
      await expect(app.credits()).toHaveAccessibleName('1 credit');
      await expect(chat.variationMessages()).toHaveCount(1, { timeout: jobTimeout });
      await expect(chat.variationMessages().getByRole('figure')).toHaveCount(2);
      for (const n of [1, 2]) {
        const cell = chat.variation(n);
        await expect(cell.getByRole('img')).toHaveJSProperty('complete', true);
        await expect(cell.getByRole('link', { name: `Full size variation ${n} of 2` })).toBeVisible();
      }
      const downloading = page.waitForEvent('download');
      await chat.variation(2).getByRole('button', { name: 'Download variation 2 of 2' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('cooking_thumbnail__pasta_night__generated.jpg');
      secondJpeg = await readFile(await download.path());
      const meta = await sharp(secondJpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);
      await checkScreen(page, 'chat-variations');
    });

    await test.step("'Edit this one' marks the chosen variation and the next send edits it", async () => {
      const choose = chat.variation(2).getByRole('button', { name: 'Edit this one: variation 2 of 2' });
      await choose.click();
      await expect(choose).toHaveAttribute('aria-pressed', 'true');
      await expect(chat.chosenVariationNotice()).toHaveText('Your next message edits variation 2.');
      await expect(chat.messageBox()).toBeFocused();

      await chat.variationsSelect().selectOption('1');
      const sending = page.waitForRequest(
        (request) =>
          request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url()),
      );
      await chat.send('Make it brighter');
      const body = (await sending).postDataJSON();
      const answerId = await chat
        .variationMessages()
        .first()
        .evaluate((el) => el.closest('li')?.id);
      expect(body).toMatchObject({ variations: 1, edit_from: { index: 1 } });
      expect(`message-${body.edit_from.message_id}`).toBe(answerId);
      await expect(chat.chosenVariationNotice()).toHaveCount(0);
      await expect(chat.userMessages().last()).toContainText('Edits variation 2');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });

    const links: string[] = [];
    await test.step('each variation has a share action and a public link of its own, showing that variation', async () => {
      for (const n of [2, 1]) {
        const share = new ShareMenu(page, chat.variation(n));
        await expect(share.trigger()).toHaveText('Share');
        await share.copyLink();
        links.push(await page.evaluate<string>('navigator.clipboard.readText()'));
      }
      const [second, first] = links;
      expect(second).toMatch(/\/api\/shared\/[A-Za-z0-9_-]{32}$/);
      expect(first).not.toBe(second);
      const stranger = await browser.newContext();
      const visitor = await stranger.newPage();
      expect((await visitor.goto(second ?? ''))?.status()).toBe(200);
      const picture = await stranger.request.get(
        (await visitor.locator('meta[property="og:image"]').getAttribute('content')) ?? '',
      );
      expect(Buffer.from(await picture.body()).equals(secondJpeg)).toBe(true);
      await stranger.close();
    });

    await test.step('the gallery lists every variation as its own card, newest first, each downloaded and revoked on its own', async () => {
      const gallery = new GalleryPage(page);
      await gallery.openFromHeader();
      // The edit, then the two variations of the answer before it.
      await expect(gallery.cards()).toHaveCount(3);
      await expect(gallery.cards().nth(1)).toContainText('PASTA NIGHT" (variation 1 of 2)');
      await expect(gallery.cards().nth(2)).toContainText('PASTA NIGHT" (variation 2 of 2)');
      const second = gallery.cards().nth(2);
      await expect(second.getByRole('img')).toHaveJSProperty('complete', true);
      await expect(new ShareMenu(page, second).trigger()).toHaveText('Shared');
      await checkScreen(page, 'gallery-variations');

      const downloading = page.waitForEvent('download');
      await second.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('cooking_thumbnail__pasta_night__generated.jpg');
      expect((await readFile(await download.path())).equals(secondJpeg)).toBe(true);

      await new ShareMenu(page, second).stopSharing();
      const [secondLink, firstLink] = links;
      expect((await page.request.get(secondLink ?? '')).status()).toBe(404);
      expect((await page.request.get(firstLink ?? '')).status()).toBe(200);
      await expect(new ShareMenu(page, gallery.cards().nth(1)).trigger()).toHaveText('Shared');

      await second.getByRole('link', { name: 'Open in conversation' }).click();
      await app.expectSignedIn();
      const opened = chat.log().locator('article[aria-current="true"]');
      await expect(opened).toBeInViewport();
      await expect(opened.getByRole('list', { name: 'Variations' })).toBeVisible();
      await expect(new ShareMenu(page, chat.variation(2)).trigger()).toHaveText('Share');
      await expect(new ShareMenu(page, chat.variation(1)).trigger()).toHaveText('Shared');
    });
  });

  test('the grid fits a phone', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, persona('variations-phone'));
    const chat = new ChatPage(page);
    await chat.variationsSelect().selectOption('3');
    await expect(page.getByText('Cost: 3 credits', { exact: true })).toBeVisible();
    await chat.send('Travel vlog "TOKYO"');
    await expect(chat.variationMessages().getByRole('figure')).toHaveCount(3, { timeout: jobTimeout });
    const third = chat.variation(3);
    await third.scrollIntoViewIfNeeded();
    await expect(third.getByRole('button', { name: 'Edit this one: variation 3 of 3' })).toBeInViewport();
    // Nothing is wider than the screen.
    const scrollWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await checkScreen(page, 'chat-variations');
  });
});
