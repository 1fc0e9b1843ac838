import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { GalleryPage, ShareMenu } from './pages/gallery-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

const FIRST = 'Cooking show thumbnail "PASTA"';
const SECOND = 'Travel vlog thumbnail "ICELAND"';

/** A shared page as someone who never signed in sees it: a browser context of its own. */
async function visitAsStranger(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(url);
  return { context, page, status: response?.status() };
}

test.describe('the gallery and shared thumbnails', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('share from the chat, browse the gallery on desktop and phone, download, revoke, open in its conversation', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const app = await signUp(page, persona('gallery'));
    const chat = new ChatPage(page);
    const gallery = new GalleryPage(page);
    let link = '';

    await test.step('two thumbnails in two conversations', async () => {
      await chat.send(FIRST);
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      await app.newConversation();
      await expect(chat.imageMessages()).toHaveCount(0);
      await chat.send(SECOND);
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
    });

    await test.step('sharing an image in the chat copies a public link, "Copied!" for 2 seconds', async () => {
      const share = new ShareMenu(page, chat.imageMessages().last());
      await share.copyLink();
      link = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/api/shared/[A-Za-z0-9_-]{32}$`));
      await expect(share.trigger()).toHaveText('Shared', { timeout: 4_000 });
    });

    await test.step('anyone with the link sees the thumbnail, with the tags a chat app previews', async () => {
      const stranger = await visitAsStranger(browser, link);
      expect(stranger.status).toBe(200);
      await expect(stranger.page).toHaveTitle(SECOND);
      const image = stranger.page.getByRole('img', { name: SECOND });
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(1280);
      const meta = (key: string) =>
        stranger.page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
      expect(await meta('og:title')).toBe(SECOND);
      expect(await meta('og:type')).toBe('website');
      expect(await meta('twitter:card')).toBe('summary_large_image');
      const picture = await stranger.context.request.get((await meta('og:image')) ?? '');
      expect(picture.status()).toBe(200);
      const { format, width, height } = await sharp(await picture.body()).metadata();
      expect([format, width, height]).toEqual(['jpeg', 1280, 720]);
      await stranger.context.close();
    });

    await test.step('the gallery lists both, newest first, as the chat shows previews', async () => {
      await gallery.openFromHeader();
      await expect(gallery.cards()).toHaveCount(2);
      await expect(gallery.cards().first()).toContainText(SECOND);
      await expect(gallery.cards().last()).toContainText(FIRST);
      const image = gallery.card(FIRST).getByRole('img');
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveJSProperty('complete', true);
      const srcset = await gallery
        .card(FIRST)
        .locator('picture source[type="image/webp"]')
        .getAttribute('srcset');
      expect(srcset?.split(',').length).toBeGreaterThanOrEqual(2);
      await expect(new ShareMenu(page, gallery.card(SECOND)).trigger()).toHaveText('Shared');
      await checkScreen(page, 'gallery');
    });

    await test.step('downloading from the gallery saves the YouTube JPEG', async () => {
      const downloading = page.waitForEvent('download');
      await gallery.card(FIRST).getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('cooking_show_thumbnail__pasta__generated.jpg');
    });

    await test.step('stop sharing: the link is gone at once', async () => {
      await new ShareMenu(page, gallery.card(SECOND)).stopSharing();
      const stranger = await visitAsStranger(browser, link);
      expect(stranger.status).toBe(404);
      await expect(
        stranger.page.getByRole('heading', { name: 'This thumbnail is no longer shared' }),
      ).toBeVisible();
      expect((await stranger.context.request.get(`${link}/image`, { maxRedirects: 0 })).status()).toBe(404);
      await stranger.context.close();
    });

    await test.step('on a phone the grid is one column, and sharing works there too', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const [first, second] = [
        await gallery.cards().first().boundingBox(),
        await gallery.cards().last().boundingBox(),
      ];
      expect(first && second && second.y > first.y + first.height - 1).toBe(true);
      expect(first?.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      const share = new ShareMenu(page, gallery.card(FIRST));
      await share.copyLink();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(/\/api\/shared\//);
      await checkScreen(page, 'gallery');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('"Open in conversation" opens the image where it was made', async () => {
      await gallery.card(FIRST).getByRole('link', { name: 'Open in conversation' }).click();
      await app.expectSignedIn();
      await expect(page).toHaveURL(/\/$/);
      const opened = chat.log().locator('article[aria-current="true"]');
      await expect(opened).toBeInViewport();
      await expect(opened.getByRole('img', { name: `Generated thumbnail: ${FIRST}` })).toBeVisible();
      await expect(chat.userMessages().last()).toContainText(FIRST);
      await expect(new ShareMenu(page, opened).trigger()).toHaveText(/Shared|Copied!/);
    });
  });
});
