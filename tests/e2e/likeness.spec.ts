import { LIKENESS_EXPLAINER } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { portraitOf } from '../fakes/faces';
import { ChatPage } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { uploadModel } from './support/models';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

const portrait = async (name: string, person: 'one' | 'two') => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await portraitOf(person),
});
const plainPhoto = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3a86ff' } })
    .jpeg()
    .toBuffer(),
});

test('a thumbnail featuring people says how much each looks like their photos, and offers a retry', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const app = await signUp(page, persona('likeness'));
  const chat = new ChatPage(page);
  const manage = page.getByRole('dialog', { name: 'Manage Models' });

  await test.step('upload two people: one with a portrait, one whose main photo shows no face', async () => {
    await page.getByRole('button', { name: 'Select people' }).click();
    await uploadModel(page, 'Robin', [await portrait('robin.jpg', 'one')]);
    await uploadModel(page, 'Kim', [await plainPhoto('logo.jpg'), await portrait('kim.jpg', 'two')]);
  });

  await test.step('feature Robin: the offline studio puts their photo in, and the likeness is high', async () => {
    // A new model comes selected: Robin only.
    await manage.getByRole('checkbox', { name: 'Kim' }).uncheck();
    await manage.getByRole('checkbox', { name: 'Robin' }).check();
    await manage.getByRole('button', { name: 'Apply' }).click();
    await chat.send('Robin shocked at a giant robot');
    await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
    // The check runs after the job is done; the chat keeps asking until it is in.
    const note = chat.likenessNote();
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toContainText(LIKENESS_EXPLAINER);
    const score = Number((await note.textContent())?.match(/Robin (\d+)%/)?.[1]);
    expect(score).toBeGreaterThanOrEqual(60);
    await expect(note.getByRole('button')).toHaveCount(0);
    await checkScreen(page, 'likeness-note');
  });

  await test.step('feature Kim, whose face does not make it into the image: the retry puts identity first', async () => {
    await page.getByRole('button', { name: 'Select people' }).click();
    await manage.getByRole('checkbox', { name: 'Robin' }).uncheck();
    await manage.getByRole('checkbox', { name: 'Kim' }).check();
    await manage.getByRole('button', { name: 'Apply' }).click();
    await chat.send('Kim laughing, big title "SO FUNNY"');
    await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
    const note = chat.likenessNote();
    await expect(note).toContainText('Kim: no face found in the image', { timeout: 30_000 });
    // Only the newest image offers it, and the earlier note has none.
    await expect(chat.likenessNote(chat.imageMessages().first()).getByRole('button')).toHaveCount(0);
    await expect(app.credits()).toHaveAccessibleName('1 credit');

    await note.getByRole('button', { name: 'Retry with identity first' }).click();
    const retry = chat.userMessages().last();
    await expect(retry).toContainText(
      'Identity first: Kim must look exactly like their photos (same face, features, skin tone and hair). Kim laughing, big title "SO FUNNY"',
    );
    await expect(retry.getByRole('list', { name: 'People featured' })).toContainText('Kim');
    await expect(chat.imageMessages()).toHaveCount(3, { timeout: jobTimeout });
    await expect(app.credits()).toHaveAccessibleName('0 credits');
  });
});
