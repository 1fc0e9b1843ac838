import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUpThroughUi, test } from './support/fixtures';

// The offline provider waits this long per call (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 6000) + 10_000;

test.describe('variations offline', () => {
  test("two variations for two credits, shown as a grid; 'Edit this one' makes the next edit start from it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const app = await signUpThroughUi(page, persona('variations'));
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
      const meta = await sharp(await readFile(await download.path())).metadata();
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
  });

  test('the grid fits a phone', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpThroughUi(page, persona('variations-phone'));
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
