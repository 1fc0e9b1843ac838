import sharp from 'sharp';
import { AppPage } from './pages/app-page';
import { ChatPage } from './pages/chat-page';
import { TextEditorPage } from './pages/text-editor-page';
import { YouTubePreviewPage } from './pages/youtube-preview-page';
import { expect, persona, signUp, test } from './support/fixtures';

const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 30_000;
// The checks run after the image is ready; the preview asks until they are there.
const checkTimeout = 45_000;

/**
 * A busy picture: six bright squares scattered on a dark ground, and a line of small words at
 * the bottom that read at full size and are lost at 168x94.
 */
async function busyPicture(): Promise<Buffer> {
  const squares = [
    [100, 100, '#ff3b30'],
    [520, 80, '#34c759'],
    [940, 110, '#ffcc00'],
    [200, 420, '#af52de'],
    [640, 440, '#5ac8fa'],
    [1060, 400, '#ff9500'],
  ]
    .map(([x, y, fill]) => `<rect x="${x}" y="${y}" width="120" height="120" fill="${fill}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<rect width="1280" height="720" fill="#202020"/>${squares}
<text x="340" y="640" font-family="Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="30" fill="#ffffff">FOUR NEW TRICKS</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe('the readiness check', () => {
  test('names each problem with its place and fixes it in one click: text layers for free, the picture as a shown edit', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, persona('readiness'));
    const app = new AppPage(page);
    const chat = new ChatPage(page);

    await test.step('text dragged into the corner where YouTube shows the length', async () => {
      await chat.send('Cooking show thumbnail, the text "PASTA NIGHT"');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      const editor = new TextEditorPage(page, chat.imageMessages().first());
      await editor.open();
      const [box] = await editor.boxes();
      if (!box) throw new Error('no layer on the canvas');
      // Smaller first, then down into the bottom-right corner.
      await editor.dragBy({ x: box.x + box.width, y: box.y + box.height }, 360 - box.width, 140 - box.height);
      const [small] = await editor.boxes();
      if (!small) throw new Error('no layer on the canvas');
      await editor.dragBy(
        { x: small.x + 20, y: small.y + 20 },
        1272 - small.width - small.x,
        716 - small.height - small.y,
      );
      await editor.save().click();
      await expect(chat.imageMessages()).toHaveCount(2);
    });

    await test.step("the conversation's title ideas: five, free, none repeating the thumbnail's text", async () => {
      await page.getByRole('button', { name: 'Title ideas', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Title ideas' });
      await dialog.getByRole('button', { name: 'Title ideas' }).click();
      const ideas = dialog.getByRole('list', { name: 'Title ideas' }).getByRole('listitem');
      await expect(ideas).toHaveCount(5);
      for (const idea of await ideas.allTextContents())
        expect(idea.toUpperCase()).not.toContain('PASTA NIGHT');
      await page.keyboard.press('Escape');
    });

    // Three free credits at sign-up; the first thumbnail took one, the text edit none.
    await expect(app.credits()).toHaveAccessibleName('2 credits');
    await test.step('the badge warning, outlined, moves the text out for free', async () => {
      const preview = new YouTubePreviewPage(page, chat.imageMessages().last());
      await preview.open();
      await expect(preview.dialog().getByText('It does not predict clicks.')).toBeVisible();
      const badge = preview.readinessItem('Duration badge');
      await expect(badge).toContainText('Text sits under the duration badge in', { timeout: checkTimeout });
      await expect(preview.outlines().first()).toBeVisible();
      await badge.getByRole('button', { name: 'Move the text out of the corner (free)' }).click();
      await expect(preview.dialog()).toBeHidden();
      await expect(chat.imageMessages()).toHaveCount(3);
      await expect(app.credits()).toHaveAccessibleName('2 credits');

      const fixed = new YouTubePreviewPage(page, chat.imageMessages().last());
      await fixed.open();
      await expect(fixed.readinessItem('Duration badge')).toContainText('Nothing important sits under', {
        timeout: checkTimeout,
      });
      await expect(fixed.readinessItem('Rounded corners')).toContainText('Nothing important is cut');
      await page.keyboard.press('Escape');
    });

    await test.step('a busy picture: its places outlined, its edit shown to change, then sent for a credit', async () => {
      await chat.dropFile('busy.png', 'image/png', await busyPicture());
      await expect(chat.attachments()).toHaveCount(1);
      await chat.send('Keep this picture exactly as it is');
      await expect(chat.imageMessages()).toHaveCount(4, { timeout: jobTimeout });
      await expect(app.credits()).toHaveAccessibleName('1 credit');
      const preview = new YouTubePreviewPage(page, chat.imageMessages().last());
      await preview.open();
      const clutter = preview.readinessItem('Clutter');
      await expect(clutter).toContainText(/\d places compete for the eye/);
      expect(await preview.outlines().count()).toBeGreaterThanOrEqual(6 * 4);
      await clutter.getByRole('button', { name: 'Fix with an edit…' }).click();
      const instruction = clutter.getByRole('textbox', { name: /The edit to send/ });
      await expect(instruction).toHaveValue(/^Simplify the background/);
      await instruction.fill('Simplify the background: keep only the yellow square');
      await clutter.getByRole('button', { name: 'Send edit' }).click();
      await expect(preview.dialog()).toBeHidden();
      await expect(chat.userMessages().last()).toContainText(
        'Simplify the background: keep only the yellow square',
      );
      await expect(chat.userMessages().last()).toContainText('Edits variation 1');
      await expect(chat.imageMessages()).toHaveCount(5, { timeout: jobTimeout });
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });

    await test.step('small drawn words: their fix is a region edit of where they are, a credit like any edit', async () => {
      const preview = new YouTubePreviewPage(page, chat.imageMessages().nth(3));
      await preview.open();
      const text = preview.readinessItem('Text at 168x94');
      await expect(text).toContainText('The text is hard to read at feed size', { timeout: checkTimeout });
      await text.getByRole('button', { name: 'Fix with an edit…' }).click();
      await expect(text.getByText(/The outlined area is changed/)).toBeVisible();
      await text.getByRole('button', { name: 'Send edit' }).click();
      await expect(preview.dialog()).toBeHidden();
      await expect(chat.userMessages().last()).toContainText('Make the text bigger and higher contrast');
      await expect(chat.userMessages().last()).toContainText('Edits the painted area of variation 1');
      // The three free credits are spent: the edit is kept, and buying credits is offered.
      await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
    });
  });
});
