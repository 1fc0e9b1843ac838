import sharp from 'sharp';
import { ChatPage } from './pages/chat-page';
import { GalleryPage } from './pages/gallery-page';
import { PREVIEW_LAYOUTS, YouTubePreviewPage } from './pages/youtube-preview-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;
const videoId = process.env.E2E_VIDEO_ID ?? 'dQw4w9WgXcQ';
const PROMPT = 'Gaming reaction like this one, the text "LATE NIGHT"';

/** A 1280x720 picture with a word in its bottom-right corner, where YouTube draws the duration badge. */
async function pictureWithCornerText(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<rect width="1280" height="720" fill="#f5f5f5"/>
<text x="1250" y="700" text-anchor="end" font-family="Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="120" fill="#111">SALE</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe('the YouTube preview', () => {
  test('shows a thumbnail at YouTube sizes, in both themes, beside a linked video, from the chat and the gallery', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const who = persona('preview');
    await signUp(page, who);
    const chat = new ChatPage(page);

    await test.step('a thumbnail made with a pasted video link as reference', async () => {
      await chat.paste(`https://youtu.be/${videoId}`);
      await expect(chat.attachments().filter({ hasText: 'Video thumbnail' })).toHaveCount(1);
      await chat.messageBox().press('End');
      await chat.messageBox().pressSequentially(` ${PROMPT}`);
      await expect(chat.sendButton()).toBeEnabled();
      await chat.messageBox().press('Enter');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
    });

    const preview = new YouTubePreviewPage(page, chat.imageMessages().first());
    await test.step("one click shows it in each layout at exactly YouTube's size", async () => {
      await preview.open();
      for (const { region, width, height } of PREVIEW_LAYOUTS) {
        const thumbnail = preview.yourThumbnail(region);
        await expect(thumbnail).toHaveJSProperty('complete', true);
        expect(await thumbnail.boundingBox()).toMatchObject({ width, height });
        await expect(preview.layout(region).getByText('12:34').first()).toBeVisible();
      }
    });

    await test.step('titled by the prompt without its link, on the account name, beside the linked video', async () => {
      await expect(preview.field('Video title')).toHaveValue(PROMPT);
      await expect(
        preview
          .layout('Home, 360x202')
          .getByText(who.email.split('@')[0] ?? '')
          .first(),
      ).toBeVisible();
      for (const { region, width, height } of PREVIEW_LAYOUTS) {
        const linked = preview.linkedThumbnail(region, videoId);
        await expect(linked).toHaveJSProperty('complete', true);
        expect(
          await linked.evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
        ).toBeGreaterThan(0);
        expect(await linked.boundingBox()).toMatchObject({ width, height });
      }
      // The offline provider draws the quoted text on the left, clear of the badge.
      await expect(preview.readinessItem('Duration badge')).toContainText('Nothing important sits under', {
        timeout: 45_000,
      });
    });

    await test.step("title ideas start from the linked video's own title; one becomes the preview's title", async () => {
      await preview.dialog().getByRole('button', { name: 'Title ideas' }).click();
      const ideas = preview.dialog().getByRole('list', { name: 'Title ideas' }).getByRole('listitem');
      await expect(ideas).toHaveCount(5);
      await expect(preview.dialog()).toContainText(`Starting from your video's title: Fake Video ${videoId}`);
      const use = preview
        .dialog()
        .getByRole('button', { name: /^Use as title: / })
        .first();
      const idea = ((await use.getAttribute('aria-label')) ?? '').replace('Use as title: ', '');
      expect(idea.length).toBeGreaterThan(0);
      expect(idea.length).toBeLessThanOrEqual(60);
      await use.click();
      await expect(preview.field('Video title')).toHaveValue(idea);
      await expect(preview.layout('Up next, 168x94').getByText(idea).first()).toBeVisible();
    });

    await test.step("YouTube's light and dark pages, each passing axe", async () => {
      await preview.chooseTheme('Light');
      expect(await preview.pageBackground()).toBe('rgb(255, 255, 255)');
      await checkScreen(page, 'youtube-preview-light');
      await preview.chooseTheme('Dark');
      expect(await preview.pageBackground()).toBe('rgb(15, 15, 15)');
      await checkScreen(page, 'youtube-preview-dark');
    });

    await test.step('the fields are remembered; Escape closes and focus returns to the button', async () => {
      await preview.field('Channel name').fill('Ada Plays');
      await preview.field('Duration').fill('1:02:03');
      await expect(preview.layout('Up next, 168x94').getByText('1:02:03').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(preview.dialog()).toBeHidden();
      await expect(preview.opener()).toBeFocused();
      await preview.open();
      await expect(preview.field('Channel name')).toHaveValue('Ada Plays');
      await expect(
        preview.layout('Phone, 390x219').getByText('Ada Plays · 1.2K views · 3 days ago').first(),
      ).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('a warning when the text sits under the duration badge', async () => {
      await chat.dropFile('corner.png', 'image/png', await pictureWithCornerText());
      await expect(chat.attachments()).toHaveCount(1);
      await chat.send('Keep this picture exactly as it is');
      await expect(chat.imageMessages()).toHaveCount(2, { timeout: jobTimeout });
      const cornered = new YouTubePreviewPage(page, chat.imageMessages().last());
      await cornered.open();
      // The text is read after the image is ready; the preview asks until the verdict is there.
      await expect(cornered.readinessItem('Duration badge')).toContainText('under the duration badge in', {
        timeout: 45_000,
      });
      await expect(cornered.readinessItem('Duration badge')).toContainText('Up next (168x94)');
      await checkScreen(page, 'youtube-preview-warning');
      await page.keyboard.press('Escape');
    });

    await test.step('the gallery offers the same preview', async () => {
      const gallery = new GalleryPage(page);
      await gallery.openFromHeader();
      const fromGallery = new YouTubePreviewPage(page, gallery.cards().first());
      await fromGallery.open();
      expect(await fromGallery.yourThumbnail('Up next, 168x94').boundingBox()).toMatchObject({
        width: 168,
        height: 94,
      });
      await expect(fromGallery.linkedThumbnail('Home, 360x202', videoId)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(fromGallery.opener()).toBeFocused();
    });

    await test.step('on a phone the same sizes show, the YouTube page scrolling sideways', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const onPhone = new YouTubePreviewPage(page, new GalleryPage(page).cards().first());
      await onPhone.open();
      expect(await onPhone.yourThumbnail('Phone, 390x219').boundingBox()).toMatchObject({
        width: 390,
        height: 219,
      });
      await checkScreen(page, 'youtube-preview-phone');
      await page.keyboard.press('Escape');
    });
  });
});
