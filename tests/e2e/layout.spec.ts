import type { Locator } from '@playwright/test';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { expect, persona, signUp, test } from './support/fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  return box;
}

test.describe('the app frame', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('share copies the link and says so for 2 s; the sidebar opens and closes; the input grows to 200 px', async ({
    page,
  }) => {
    const app = await signUp(page, persona('frame'));

    const share = page.getByRole('button', { name: 'Share' });
    await share.click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${new URL(page.url()).origin}/`);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 5_000 });

    const sidebar = page.getByRole('complementary', { name: 'Conversation history' });
    await expect(sidebar).toBeVisible();
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(sidebar).toBeVisible();

    const box = app.messageBox();
    const oneLine = (await box.boundingBox())?.height ?? 0;
    await box.fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThan(oneLine);
    expect((await box.boundingBox())?.height ?? 0).toBeLessThanOrEqual(200);
  });

  test('on a phone the menu button slides the sidebar over an overlay that closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const app = await signUp(page, persona('phone'));
    const sidebar = page.getByRole('complementary', { name: 'Conversation history' });
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(sidebar).toBeVisible();
    // A tap outside the sidebar (on the overlay) closes it.
    await page.mouse.click(370, 400);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await app.selectConversation(0);
    await expect(sidebar).toBeHidden();
    await app.expectSignedIn();
  });
});

for (const size of sizes) {
  test.describe(`layout details on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the provider's name fits, purchase rows align, toasts clear the header, a sent reference shows whole", async ({
      page,
    }) => {
      const app = await signUp(page, persona(`details-${size.name}`));
      const chat = new ChatPage(page);

      await test.step("the chosen provider's whole name shows", async () => {
        await expect(chat.selectedProvider()).toHaveText('Offline preview (no AI)');
        expect(await chat.providerNameFits()).toBe(true);
      });

      await test.step('the title ends before the header links beside it', async () => {
        const title = page.getByRole('heading', { name: 'Create Thumbnails' });
        const gallery = page.getByRole('link', { name: 'Gallery' });
        const [titleBox, galleryBox] = [await title.boundingBox(), await gallery.boundingBox()];
        const titleEnd = await title.evaluate((element) => element.getBoundingClientRect().right);
        expect(titleBox && galleryBox).toBeTruthy();
        expect(titleEnd).toBeLessThanOrEqual(galleryBox?.x ?? 0);
      });

      await test.step('every package row has the same layout, badge or not', async () => {
        await page.getByRole('button', { name: 'Buy Credits' }).click();
        const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
        const rows = ['Starter', 'Popular', 'Pro'].map((name) =>
          dialog.locator('label').filter({ hasText: name }),
        );
        const radios = await Promise.all(rows.map((row) => boxOf(row.getByRole('radio'))));
        const prices = await Promise.all(
          rows.map((row, index) => boxOf(row.getByText(['$6.99', '$14.99', '$29.99'][index] ?? ''))),
        );
        const heights = await Promise.all(rows.map(async (row) => (await boxOf(row)).height));
        expect(new Set(heights.map(Math.round)).size).toBe(1);
        expect(new Set(radios.map((box) => Math.round(box.x))).size).toBe(1);
        expect(new Set(prices.map((box) => Math.round(box.x + box.width))).size).toBe(1);
        // Within each row the radio and the price sit on one line.
        radios.forEach((radio, index) => {
          const price = prices[index];
          expect(
            Math.abs(radio.y + radio.height / 2 - ((price?.y ?? 0) + (price?.height ?? 0) / 2)),
          ).toBeLessThan(2);
        });
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });

      await test.step('a toast shows below the header, never over its controls', async () => {
        // One send fails; the route stays (a request sent while Playwright stops intercepting can hang).
        let failed = false;
        await page.route('**/api/conversations/*/messages', (route) => {
          if (failed || route.request().method() !== 'POST') return route.fallback();
          failed = true;
          return route.abort();
        });
        await chat.send('A red car');
        await expect(app.toasts()).toHaveCount(1);
        const header = await boxOf(app.header());
        await expect
          .poll(async () => (await boxOf(app.toasts().first())).y)
          .toBeGreaterThanOrEqual(header.y + header.height);
      });

      await test.step('a square reference in a sent message is shown whole, not cropped to 16:9', async () => {
        await chat.dropFile('square.png', 'image/png', await makeReferencePng(400, 400));
        await expect(chat.attachments().filter({ hasText: 'square.png' })).not.toHaveAttribute(
          'aria-busy',
          'true',
        );
        await chat.messageBox().press('Enter');
        const reference = chat.userMessages().last().getByRole('img', { name: 'Reference image 1' });
        // The sent message replaces the one shown while sending, and its image reserves its box before
        // it has loaded: both ratios are read from one element at one moment, and asked until that
        // element has loaded. The box on screen must be the square's own, not 16:9's.
        const ratios = () =>
          reference.evaluate((element) => {
            const img = element as unknown as {
              complete: boolean;
              clientWidth: number;
              clientHeight: number;
              naturalWidth: number;
              naturalHeight: number;
            };
            const round = (value: number) => Math.round(value * 100) / 100;
            if (!img.complete || img.naturalHeight === 0 || img.clientHeight === 0) return 'loading';
            return {
              shown: round(img.clientWidth / img.clientHeight),
              natural: round(img.naturalWidth / img.naturalHeight),
            };
          });
        await expect.poll(ratios).toEqual({ shown: 1, natural: 1 });
      });
    });
  });
}
