import { expect, persona, signUpThroughUi, test } from './support/fixtures';

test.describe('the app frame', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('share copies the link and says so for 2 s; the sidebar opens and closes; the input grows to 200 px', async ({
    page,
  }) => {
    const app = await signUpThroughUi(page, persona('frame'));

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
    const app = await signUpThroughUi(page, persona('phone'));
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
