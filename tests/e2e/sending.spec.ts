import { ChatPage } from './pages/chat-page';
import { expect, persona, signUp, test } from './support/fixtures';

const videoId = process.env.E2E_VIDEO_ID ?? 'dQw4w9WgXcQ';
// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const manyLines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

for (const size of sizes) {
  test.describe(`sending on ${size.name}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test('Enter right after pasting a link sends once its thumbnail is in; the placeholder follows the job; the chat stays at the bottom as the box grows', async ({
      page,
      providerHold,
    }) => {
      test.setTimeout(90_000);
      await signUp(page, persona(`sender-${size.name}`));
      const chat = new ChatPage(page);
      // The job is held until its phase has been seen.
      providerHold.hold();

      await test.step('Enter while the thumbnail is fetched waits for it, and says so', async () => {
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        // Kept for the whole test: a request sent while Playwright stops intercepting (`unroute`)
        // can hang for good, and this test's job polls start just then.
        await page.route('**/api/video-thumbnails', async (route) => {
          await held;
          await route.continue();
        });
        await chat.paste(`https://youtu.be/${videoId}`);
        await chat.messageBox().press('Enter');
        await expect(chat.queuedSendNotice()).toHaveText(
          'Sending as soon as the video thumbnail is ready...',
        );
        await expect(chat.userMessages()).toHaveCount(0);

        release();
        await expect(chat.userMessages()).toHaveCount(1);
        await expect(chat.userMessages().getByRole('img')).toHaveCount(1);
        await expect(chat.queuedSendNotice()).toHaveCount(0);
      });

      await test.step("'Processing your request...' gives way to the job's phase while it still runs", async () => {
        await expect(chat.pendingMessages()).toContainText('Editing your image');
        providerHold.release();
        await expect(chat.imageMessages()).toHaveCount(1, { timeout: jobTimeout });
      });

      await test.step('the newest message stays in view while the message box grows', async () => {
        await chat.scrollToBottom();
        await expect.poll(() => chat.distanceFromBottom()).toBeLessThanOrEqual(1);
        await chat.messageBox().fill(manyLines(12));
        await expect.poll(() => chat.overflows()).toBe(true);
        await expect.poll(() => chat.distanceFromBottom()).toBeLessThanOrEqual(1);
      });
    });
  });
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Enter starts a new line and the send button sends', async ({ page }) => {
    await signUp(page, persona('touch'));
    const chat = new ChatPage(page);

    await chat.messageBox().fill('A red car');
    await chat.messageBox().press('Enter');
    await chat.messageBox().pressSequentially('on a mountain road');
    await expect(chat.messageBox()).toHaveValue('A red car\non a mountain road');
    await expect(chat.userMessages()).toHaveCount(0);

    await chat.sendButton().tap();
    await expect(chat.userMessages()).toHaveCount(1);
    await expect(chat.userMessages()).toContainText('A red car\non a mountain road');
  });
});
