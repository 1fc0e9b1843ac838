import type { Page } from '@playwright/test';
import {
  CHECKOUT_SESSION_PARAM,
  checkoutReturnPaths,
  INSUFFICIENT_CREDITS_TEXT,
} from '@thumbnail-studio/contract';
import { AppPage } from './pages/app-page';
import { AuthPage } from './pages/auth-page';
import { ChatPage } from './pages/chat-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { holdRedirect, releaseRedirect } from './support/redirect';

// The offline provider waits this long per job (playwright.config.ts), plus room for the rest.
const jobTimeout = Number(process.env.E2E_PROVIDER_DELAY_MS ?? 0) + 10_000;

/** Picks a package in the open Purchase Credits dialog and goes to the hosted checkout. */
async function checkoutFor(page: Page, name: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await dialog.getByRole('radio', { name }).check();
  await dialog.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
}

async function openPurchase(page: Page) {
  // Right after signing up, the chat focusing its prompt as its first conversation opens closes a
  // menu opened before it: then the menu is opened again.
  await expect(async () => {
    await page.getByRole('button', { name: /^\d+ credits?$/ }).click();
    await page.getByRole('menuitem', { name: 'Buy credits' }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
}

test.describe('buying credits through the local checkout', () => {
  test('out of credits, buy the popular package, see it in the history, generate again', async ({ page }) => {
    test.setTimeout(150_000);
    const app = await signUp(page, persona('buyer'));
    const chat = new ChatPage(page);

    await test.step('spend the three free credits', async () => {
      for (const [index, prompt] of ['A red car', 'A blue boat', 'A green plane'].entries()) {
        await chat.send(prompt);
        await expect(chat.imageMessages()).toHaveCount(index + 1, { timeout: jobTimeout });
      }
      await expect(app.credits()).toHaveAccessibleName('0 credits');
    });

    await test.step('a refused send opens the dialog; pay on the hosted page', async () => {
      await chat.send('A yellow train');
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      await expect(dialog).toContainText(INSUFFICIENT_CREDITS_TEXT);
      await checkScreen(page, 'checkout-dialog');
      await checkoutFor(page, /Popular/);
      // The card provider's page, not ours: it has one look of its own.
      await checkScreen(page, 'checkout-hosted-page', { onlyAsShown: true });
      // The success page moves on after 3 seconds: that is held while it is scanned.
      await holdRedirect(page);
      await page.getByRole('button', { name: 'Pay' }).click();
    });

    await test.step('the success page confirms, then the app shows 25 more credits', async () => {
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(page.getByText('25 credits have been added to your account')).toBeVisible();
      await checkScreen(page, 'checkout-success');
      await releaseRedirect(page);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      await expect(dialog.getByRole('status')).toContainText('25 credits have been added to your account');
      await page.keyboard.press('Escape');
      await expect(app.credits()).toHaveAccessibleName('25 credits');
    });

    await test.step('the purchase is in the credit history', async () => {
      await app.credits().click();
      await page.getByRole('menuitem', { name: 'Credit history' }).click();
      const history = page.getByRole('dialog', { name: 'Credit history' });
      await expect(history).toContainText('Purchase: Popular package, 25 credits for $14.99');
      await expect(history).toContainText('Image generation or edit: A red car');
      await expect(history).toContainText('Initial credits');
      await checkScreen(page, 'credit-history');
      await page.keyboard.press('Escape');
    });

    await test.step('and generating works again', async () => {
      await chat.send('A purple rocket');
      await expect(chat.imageMessages()).toHaveCount(4, { timeout: jobTimeout });
      await expect(app.credits()).toHaveAccessibleName('24 credits');
    });
  });

  test('cancelling on the hosted page charges nothing and returns to the app', async ({ page }) => {
    const app = await signUp(page, persona('canceller'));
    await expect(app.credits()).toHaveAccessibleName('3 credits');
    await openPurchase(page);
    await checkoutFor(page, /Starter/);
    // The cancel page moves on after 3 seconds: that is held while it is scanned.
    await holdRedirect(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText('Your payment was cancelled and no charges were made.')).toBeVisible();
    await checkScreen(page, 'checkout-cancel');
    await page.getByRole('button', { name: 'Return to App' }).click();
    await app.expectSignedIn();
    await expect(app.credits()).toHaveAccessibleName('3 credits');
  });

  test('a buyer who closes the tab after paying still gets the credits', async ({ page, context }) => {
    const app = await signUp(page, persona('closer'));
    await expect(app.credits()).toHaveAccessibleName('3 credits');
    await openPurchase(page);
    await checkoutFor(page, /Pro/);
    // The tab goes before the success page could confirm anything: only the webhook can grant.
    await page.route('**/api/verify-session/**', (route) => route.abort());
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === checkoutReturnPaths.success);
    await page.close();

    const later = await context.newPage();
    await later.goto('/');
    const back = new AppPage(later);
    await back.expectSignedIn();
    await expect(back.credits()).toHaveAccessibleName('63 credits');
  });

  test('a buyer back on the success page signed out signs in there, and is told of the credits, never of a failure', async ({
    page,
    browser,
  }) => {
    const buyer = persona('elsewhere');
    await signUp(page, buyer);
    await openPurchase(page);
    await checkoutFor(page, /Starter/);
    // This tab never confirms: only the webhook grants, and the buyer comes back from elsewhere.
    await page.route('**/api/verify-session/**', (route) => route.abort());
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === checkoutReturnPaths.success);
    const successUrl = page.url();
    await page.close();

    // Another browser: no session at all.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    const verifyAnswers: string[] = [];
    other.on('response', (response) => {
      if (response.url().includes('/api/verify-session/')) verifyAnswers.push(String(response.status()));
    });
    await other.goto(successUrl);
    await expect(
      other.getByText('Sign in with the account you paid from, and we will confirm your purchase.'),
    ).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Payment verification failed' })).toHaveCount(0);
    await checkScreen(other, 'checkout-success-sign-in');

    const auth = new AuthPage(other);
    await auth.signIn(buyer.email, buyer.password);
    // Back at the same address, the purchase is verified.
    await expect(other.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(other.getByText('10 credits have been added to your account')).toBeVisible();
    expect(new URL(other.url()).searchParams.get(CHECKOUT_SESSION_PARAM)).toBe(
      new URL(successUrl).searchParams.get(CHECKOUT_SESSION_PARAM),
    );
    expect(verifyAnswers).toEqual(['200']);
    await other.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const dialog = other.getByRole('dialog', { name: 'Purchase Credits' });
    await expect(dialog.getByRole('status')).toContainText('10 credits have been added to your account');
    await other.keyboard.press('Escape');
    const app = new AppPage(other);
    await app.expectSignedIn();
    await expect(app.credits()).toHaveAccessibleName('13 credits');
    await elsewhere.close();
  });
});
