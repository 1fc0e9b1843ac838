import { AuthPage } from './pages/auth-page';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { LandingPage } from './pages/landing-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUpThroughUi, test } from './support/fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of sizes) {
  test.describe(`every screen on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('passes axe and is captured', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.open();
      await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
      await checkScreen(page, 'landing');

      await landing.getStarted();
      const auth = new AuthPage(page);
      await auth.switchToSignUp();
      await checkScreen(page, 'sign-up');
      await auth.switchToSignIn();
      await checkScreen(page, 'sign-in');

      const app = await signUpThroughUi(page, persona(`screens-${size.name}`));
      await expect(app.messages()).toContainText('high-quality images from detailed descriptions');
      await checkScreen(page, 'chat');

      const chat = new ChatPage(page);
      await chat.dropFile('reference.png', 'image/png', await makeReferencePng());
      await expect(chat.attachments().filter({ hasText: 'reference.png' })).toHaveCount(1);
      await expect(chat.attachments().locator('img')).toHaveJSProperty('complete', true);
      await checkScreen(page, 'chat-references');
      await chat.send('Cooking channel: "PASTA IN 5 MINUTES" with this photo');
      await expect(chat.pendingMessages()).toHaveCount(1);
      await checkScreen(page, 'chat-generating');
      await expect(chat.imageMessages()).toHaveCount(1, { timeout: 15_000 });
      await expect(chat.imageMessages().getByRole('img')).toHaveJSProperty('complete', true);
      await checkScreen(page, 'chat-with-image');

      await page.getByRole('button', { name: 'Buy Credits' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
      await checkScreen(page, 'purchase-credits');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toHaveCount(0);

      await page.goto('/checkout-cancel');
      await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
      await expect(page.getByText('Your payment was cancelled and no charges were made.')).toBeVisible();
      await checkScreen(page, 'checkout-cancel');
    });
  });
}
