import { checkoutReturnPaths } from '@thumbnail-studio/contract';

import { AppPage } from './pages/app-page';
import { AuthPage } from './pages/auth-page';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { ShareMenu } from './pages/gallery-page';
import { LandingPage } from './pages/landing-page';
import { SidebarPage } from './pages/sidebar-page';
import { checkScreen as checkScreenIn } from './support/a11y';
import { codeFromOutbox, expect, persona, test } from './support/fixtures';
import { holdRedirect } from './support/redirect';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of sizes) {
  test.describe(`every screen on ${size.name}, in the dark theme and the light one`, () => {
    // Each screen is scanned in the scheme the system asks for first, then in the other one.
    test.use({
      viewport: { width: size.width, height: size.height },
      colorScheme: 'dark',
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test('passes axe and is captured', async ({ page, providerHold }) => {
      // Fourteen screens, each scanned twice.
      test.setTimeout(300_000);
      const checkScreen = (name: string) => checkScreenIn(page, name);
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

      const who = persona(`screens-${size.name}`);
      await auth.switchToSignUp();
      await auth.signUp(who.email, who.password);
      await expect(auth.notice().filter({ hasText: 'Account created!' })).toBeVisible();
      await expect(page.getByLabel('Confirmation code')).toBeVisible();
      await checkScreen('confirm-code');
      await auth.confirm(await codeFromOutbox(who.email));
      const app = new AppPage(page);
      await app.expectSignedIn();
      await expect(app.messages()).toContainText('high-quality images from detailed descriptions');
      await checkScreen('chat');

      const chat = new ChatPage(page);
      await chat.dropFile('reference.png', 'image/png', await makeReferencePng());
      await expect(chat.attachments().filter({ hasText: 'reference.png' })).toHaveCount(1);
      await expect(chat.attachments().locator('img')).toHaveJSProperty('complete', true);
      await checkScreen('chat-references');
      providerHold.hold();
      await chat.send('Cooking channel: "PASTA IN 5 MINUTES" with this photo');
      await expect(chat.pendingMessages()).toHaveCount(1);
      await checkScreen('chat-generating');
      providerHold.release();
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

      const sidebar = new SidebarPage(page);
      await sidebar.open();
      await sidebar
        .rows()
        .filter({ has: page.locator('button[aria-current="true"]') })
        .getByRole('button', { name: /^Delete conversation/ })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' });
      await expect(confirm).toBeVisible();
      await checkScreen('delete-conversation');
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      if (size.name === 'phone') {
        // A tap beside the sidebar, on the overlay, closes it.
        await page.mouse.click(size.width - 10, size.height / 2);
        await expect(sidebar.region()).toBeHidden();
      }

      // The public page of a shared thumbnail, and what its link shows once sharing stops.
      const share = new ShareMenu(page, chat.imageMessages().last());
      await share.copyLink();
      const link = await page.evaluate<string>('navigator.clipboard.readText()');
      await page.goto(link);
      await expect(page.getByRole('img', { name: /PASTA IN 5 MINUTES/ })).toHaveJSProperty('complete', true);
      await checkScreen('shared-thumbnail');
      await page.goBack();
      await app.expectSignedIn();
      await new ShareMenu(page, chat.imageMessages().last()).stopSharing();
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'This thumbnail is no longer shared' })).toBeVisible();
      await checkScreen('shared-thumbnail-gone');

      // The cancel page moves on after 3 seconds: that is held while it is scanned.
      await holdRedirect(page);
      await page.goto(checkoutReturnPaths.cancel);
      await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
      await expect(page.getByText('Your payment was cancelled and no charges were made.')).toBeVisible();
      await checkScreen('checkout-cancel');
    });
  });
}
