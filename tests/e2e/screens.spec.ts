import { AuthPage } from './pages/auth-page';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { LandingPage } from './pages/landing-page';
import { checkScreen as checkScreenIn } from './support/a11y';
import { expect, persona, signUpThroughUi, test } from './support/fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const themes = ['dark', 'light'] as const;

for (const size of sizes) {
  for (const theme of themes) {
    test.describe(`every screen on ${size.name} in the ${theme} theme`, () => {
      // The app follows the system's theme: each run asks for one.
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: theme });

      test('passes axe and is captured', async ({ page }) => {
        const checkScreen = (name: string) => checkScreenIn(page, `${name}-${theme}`);
        const landing = new LandingPage(page);
        await landing.open();
        await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
        await checkScreen('landing');

        await landing.getStarted();
        const auth = new AuthPage(page);
        await auth.switchToSignUp();
        await checkScreen('sign-up');
        await auth.switchToSignIn();
        await checkScreen('sign-in');

        const app = await signUpThroughUi(page, persona(`screens-${size.name}-${theme}`));
        await expect(app.messages()).toContainText('high-quality images from detailed descriptions');
        await checkScreen('chat');

        const chat = new ChatPage(page);
        await chat.dropFile('reference.png', 'image/png', await makeReferencePng());
        await expect(chat.attachments().filter({ hasText: 'reference.png' })).toHaveCount(1);
        await expect(chat.attachments().locator('img')).toHaveJSProperty('complete', true);
        await checkScreen('chat-references');
        await chat.send('Cooking channel: "PASTA IN 5 MINUTES" with this photo');
        await expect(chat.pendingMessages()).toHaveCount(1);
        await checkScreen('chat-generating');
        await expect(chat.imageMessages()).toHaveCount(1, { timeout: 15_000 });
        await expect(chat.imageMessages().getByRole('img')).toHaveJSProperty('complete', true);
        await checkScreen('chat-with-image');

        await page.getByRole('button', { name: 'Account menu' }).click();
        await expect(page.getByRole('menuitemradio', { name: 'System theme' })).toBeChecked();
        await checkScreen('account-menu');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Buy Credits' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
        await checkScreen('purchase-credits');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toHaveCount(0);

        await page.goto('/checkout-cancel');
        await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
        await expect(page.getByText('Your payment was cancelled and no charges were made.')).toBeVisible();
        await checkScreen('checkout-cancel');
      });
    });
  }
}
