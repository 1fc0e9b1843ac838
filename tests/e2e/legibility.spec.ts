import { ChatPage } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

test('a new thumbnail says, moments after it appears, how its text reads at feed size', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, persona('legibility'));
  const chat = new ChatPage(page);

  await chat.send('A golden trophy on a stage, the text "BIG WIN"');
  await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
  // The check reads the image after the job is done; the chat keeps asking until its verdict is in.
  const note = chat.legibilityNote();
  await expect(note).toBeVisible({ timeout: 30_000 });
  // Quoted text is drawn as an editable layer (the default), so it is judged from the layer.
  await expect(note).toContainText(
    'Checked from the text’s size, contrast and place at the sizes YouTube shows it.',
  );
  // The layer is set big and bold, as a thumbnail's text should be: it reads in the feed.
  await expect(note).toContainText('The text reads at feed size (246x138 and 168x94).');
  await checkScreen(page, 'legibility-note');
});
