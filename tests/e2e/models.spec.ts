import { type Page, expect as playwrightExpect } from '@playwright/test';
import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { uploadModel } from './support/models';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

/** A face photo of one flat colour, so the person can be found in the thumbnail by colour. */
const facePhoto = async (name: string, colour: { r: number; g: number; b: number }) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .toBuffer(),
});
const GREEN = { r: 20, g: 200, b: 60 };
const MAGENTA = { r: 210, g: 30, b: 200 };
const ORANGE = { r: 240, g: 140, b: 20 };
const CYAN = { r: 20, g: 190, b: 220 };

/** The colour at the middle of the right-hand fifth of the newest generated thumbnail. */
async function personColourInLatestImage(page: Page, chat: ChatPage) {
  const link = chat.imageMessages().last().getByRole('link', { name: 'Open full size image' });
  const href = await link.getAttribute('href');
  const response = await page.request.get(href ?? '');
  const image = sharp(await response.body());
  const { width = 0, height = 0 } = await image.metadata();
  const { data } = await image
    .extract({ left: Math.round(width * 0.8), top: Math.round(height * 0.5), width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

const near = (actual: { r: number; g: number; b: number }, wanted: { r: number; g: number; b: number }) =>
  Math.abs(actual.r - wanted.r) + Math.abs(actual.g - wanted.g) + Math.abs(actual.b - wanted.b) < 60;

test.describe('person models', () => {
  test('upload, edit, select, feature in a thumbnail and an edit, then delete', async ({ page }) => {
    test.setTimeout(150_000);
    const app = await signUp(page, persona('modeller'));
    const chat = new ChatPage(page);

    await test.step('upload a model with three photos', async () => {
      await page.getByRole('button', { name: 'Select people' }).click();
      await uploadModel(page, 'Ada', [
        await facePhoto('green.jpg', GREEN),
        await facePhoto('magenta.jpg', MAGENTA),
        await facePhoto('orange.jpg', ORANGE),
      ]);
      await checkScreen(page, 'models-manage');
    });

    await test.step('rename it, add a photo, make another one primary, delete one', async () => {
      const manage = page.getByRole('dialog', { name: 'Manage Models' });
      await manage.getByRole('listitem', { name: 'Ada' }).getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Model' });
      await edit.getByLabel('Name').fill('Ada Lovelace');
      await edit.getByRole('button', { name: 'Save name' }).click();
      await expect(edit.getByRole('button', { name: 'Save name' })).not.toHaveAttribute('aria-busy', 'true');

      const photos = edit.getByRole('list', { name: 'Photos' }).getByRole('listitem');
      await edit.getByLabel('Add photos').setInputFiles([await facePhoto('cyan.jpg', CYAN)]);
      await expect(photos).toHaveCount(4, { timeout: 15_000 });
      await expect(photos.first().getByRole('button', { name: 'Set as primary' })).toBeDisabled();

      // The magenta photo becomes the primary one.
      await photos.nth(1).getByRole('button', { name: 'Set as primary' }).click();
      await expect(photos.first().getByRole('button', { name: 'Set as primary' })).toBeDisabled();
      await checkScreen(page, 'models-edit');

      await photos.last().getByRole('button', { name: 'Delete image' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete image' });
      await expect(confirm).toContainText('Are you sure you want to delete this image?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(photos).toHaveCount(3);
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();
      await expect(manage.getByRole('list', { name: 'Your models' })).toContainText('Ada Lovelace');
    });

    await test.step('select the model: it shows as a chip and goes with the message', async () => {
      const manage = page.getByRole('dialog', { name: 'Manage Models' });
      await manage.getByRole('checkbox', { name: 'Ada Lovelace' }).check();
      await manage.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('list', { name: 'Selected people' })).toContainText('Ada Lovelace');

      await chat.send('Ada on a stage with "LIVE" in big letters');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      await expect(chat.userMessages().last().getByRole('list', { name: 'People featured' })).toContainText(
        'Ada Lovelace',
      );
      playwrightExpect(near(await personColourInLatestImage(page, chat), MAGENTA)).toBe(true);
      await expect(app.credits()).toHaveAccessibleName('2 credits');
    });

    await test.step('an edit with the model still selected keeps the person', async () => {
      await expect(page.getByRole('list', { name: 'Selected people' })).toContainText('Ada Lovelace');
      await chat.send('Make it brighter');
      await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
      playwrightExpect(near(await personColourInLatestImage(page, chat), MAGENTA)).toBe(true);
      await checkScreen(page, 'models-chat');
    });

    await test.step('delete the model: the chip goes, old messages stay', async () => {
      await page.getByRole('button', { name: 'Select people' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage Models' });
      await manage
        .getByRole('listitem', { name: 'Ada Lovelace' })
        .getByRole('button', { name: 'Delete' })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete model' });
      await expect(confirm).toContainText('Are you sure you want to delete this model?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(manage).toContainText('No models yet');
      await expect(manage).not.toContainText('Ada Lovelace');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('list', { name: 'Selected people' })).toHaveCount(0);
      await expect(chat.imageMessages()).toHaveCount(2);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('upload a model, select it and generate with it', async ({ page }) => {
      test.setTimeout(90_000);
      await signUp(page, persona('phone-modeller'));
      const chat = new ChatPage(page);
      await page.getByRole('button', { name: 'Select people' }).click();
      await uploadModel(page, 'Grace', [await facePhoto('green.jpg', GREEN)]);
      await checkScreen(page, 'models-manage-phone');
      const manage = page.getByRole('dialog', { name: 'Manage Models' });
      await manage.getByRole('checkbox', { name: 'Grace' }).check();
      await manage.getByRole('button', { name: 'Apply' }).click();
      await chat.send('Grace waving');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      playwrightExpect(near(await personColourInLatestImage(page, chat), GREEN)).toBe(true);
    });
  });
});
