import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { GalleryPage } from './pages/gallery-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;
/** YouTube Studio refuses a thumbnail over 2 MB. */
const YOUTUBE_MAX_BYTES = 2 * 1024 * 1024;

const PROMPTS = ['Gaming thumbnail "BOSS FIGHT"', 'Gaming thumbnail "NO DAMAGE"', 'Gaming thumbnail "1 HP"'];
const [FIRST, SECOND, THIRD] = PROMPTS as [string, string, string];

test('Test & Compare: choose 3 thumbnails in the gallery and download one zip of YouTube-ready JPEGs in that order', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page, persona('compare'));
  const chat = new ChatPage(page);
  const gallery = new GalleryPage(page);

  await test.step('three thumbnails (the 3 credits a new account gets)', async () => {
    for (const [made, prompt] of PROMPTS.entries()) {
      await chat.send(prompt);
      await expect(chat.imageMessages()).toHaveCount(made + 1, { timeout: jobTimeout });
    }
  });

  await test.step('in Test & Compare mode the order of choosing shows as 1, 2, 3', async () => {
    await gallery.openFromHeader();
    await expect(gallery.cards()).toHaveCount(3);
    await gallery.compareMode().click();
    await expect(gallery.compareMode()).toHaveAttribute('aria-pressed', 'true');
    await expect(gallery.downloadZip()).toBeDisabled();

    await gallery.compareCheckbox(SECOND).check();
    await expect(gallery.compareStatus()).toHaveText(
      '1 chosen. Choose at least one more: Test & Compare needs 2 or 3.',
    );
    await expect(gallery.downloadZip()).toBeDisabled();
    await gallery.compareCheckbox(THIRD).check();
    await gallery.compareCheckbox(FIRST).check();
    await expect(gallery.compareCheckbox(SECOND)).toHaveAccessibleDescription('Number 1');
    await expect(gallery.compareCheckbox(THIRD)).toHaveAccessibleDescription('Number 2');
    await expect(gallery.compareCheckbox(FIRST)).toHaveAccessibleDescription('Number 3');
    await expect(gallery.compareStatus()).toHaveText('3 chosen, ready to download.');
    await checkScreen(page, 'gallery-test-and-compare');
  });

  await test.step('on a phone the mode fits the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(gallery.compareMode()).toBeInViewport();
    await expect(gallery.downloadZip()).toBeInViewport();
    // The mode's button leaves the screen's title whole.
    const title = page.getByRole('heading', { name: 'Gallery' });
    expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await checkScreen(page, 'gallery-test-and-compare');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the zip holds the three 1280x720 JPEGs, each under 2 MB, numbered in that order, and the titles', async () => {
    await page.getByRole('textbox', { name: 'Title 1' }).fill('I Beat The Boss With 1 HP');
    await page.getByRole('textbox', { name: 'Title 2' }).fill('No Damage Run: The Final Boss');
    const downloading = page.waitForEvent('download');
    await gallery.downloadZip().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('test-and-compare-gaming_thumbnail__no_damage_.zip');
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual([
      'test-and-compare-1-gaming_thumbnail__no_damage_.jpg',
      'test-and-compare-2-gaming_thumbnail__1_hp_.jpg',
      'test-and-compare-3-gaming_thumbnail__boss_fight_.jpg',
      'titles.txt',
      'README.txt',
    ]);
    expect(new TextDecoder().decode(files['titles.txt'])).toBe(
      '1. I Beat The Boss With 1 HP\r\n2. No Damage Run: The Final Boss\r\n',
    );
    expect(new TextDecoder().decode(files['README.txt'])).toContain(
      'Under Thumbnail, choose Test & Compare.',
    );
    for (const [name, jpeg] of Object.entries(files).filter(([file]) => file.endsWith('.jpg'))) {
      expect(jpeg.length, name).toBeLessThan(YOUTUBE_MAX_BYTES);
      const { format, width, height } = await sharp(jpeg).metadata();
      expect([format, width, height], name).toEqual(['jpeg', 1280, 720]);
    }
    await expect(gallery.downloadZip()).toBeEnabled();
  });

  await test.step('leaving the mode forgets the choice', async () => {
    await gallery.compareMode().click();
    await expect(gallery.compareBar()).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });

  await test.step('the test is saved; its winner is recorded and marked in the gallery, after a reload too', async () => {
    const saved = page.getByRole('article', { name: /^Test of / });
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole('img', { name: `Thumbnail 1: ${SECOND}` })).toBeVisible();
    await expect(saved.getByRole('list', { name: 'Titles tested' })).toContainText(
      'No Damage Run: The Final Boss',
    );
    const form = saved.getByRole('form', { name: 'Record the winner' });
    await form.getByRole('radio', { name: 'Thumbnail 2' }).check();
    await form.getByRole('radio', { name: 'Title 1' }).check();
    await form.getByRole('spinbutton', { name: /Watch time share/ }).fill('58');
    await checkScreen(page, 'gallery-compare-tests');
    await form.getByRole('button', { name: 'Record the winner' }).click();
    await expect(saved).toContainText('Winner: thumbnail 2, title 1 (58% of watch time)');
    await page.reload();
    await expect(page.getByRole('article', { name: /^Test of / })).toContainText(
      'Winner: thumbnail 2, title 1',
    );
    await expect(gallery.card(THIRD).getByText('Winner')).toBeVisible();
    await expect(gallery.card(FIRST).getByText('Winner')).toHaveCount(0);
  });

  await test.step('More like the winner opens a new conversation with the winner attached', async () => {
    await page.getByRole('link', { name: 'More like the winner' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(chat.attachments()).toHaveCount(1);
    await expect(chat.attachments().locator('img')).toHaveJSProperty('complete', true);
    await expect(chat.attachments()).toContainText('winner.jpg');
    // A new conversation: none of the three images is in it.
    await expect(chat.imageMessages()).toHaveCount(0);
  });
});
