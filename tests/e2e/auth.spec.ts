import { AppPage } from './pages/app-page';
import { expect, persona, signUpThroughUi, test } from './support/fixtures';

test.describe('sign-up, sign-in and sign-out', () => {
  test('both landing buttons lead to the auth screen', async ({ landing, page }) => {
    await landing.open();
    await landing.startCreating();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await page.goto('/');
    await landing.getStarted();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  });

  test('shows the spec texts for invalid input, inline', async ({ landing, auth }) => {
    await landing.open();
    await landing.getStarted();
    await auth.switchToSignUp();

    await auth.signUp('', '');
    await expect(auth.alert()).toHaveText('Please fill in all fields');

    await auth.signUp('ada@example.com', 'secret1', 'secret2');
    await expect(auth.alert()).toHaveText('Passwords do not match');

    await auth.signUp('ada@example.com', 'abc', 'abc');
    await expect(auth.alert()).toHaveText('Password must be at least 6 characters');
  });

  test('signs a new user up with the outbox code, grants 3 credits, signs out and in again', async ({
    page,
    auth,
  }) => {
    const ada = persona('ada');
    const app = await signUpThroughUi(page, ada);
    await expect(app.credits()).toHaveAccessibleName('3 credits');
    await expect(app.conversations()).toHaveCount(1);
    await expect(app.messages()).toContainText('high-quality images from detailed descriptions');

    await app.signOut();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Thumbnails' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create Thumbnails' })).toHaveCount(0);
    if (await page.getByRole('button', { name: 'Log in' }).isVisible()) {
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    await auth.switchToSignIn();
    // A wrong password and an unknown address read the same: nothing says whether an account exists.
    await auth.signInAndSettle(ada.email, 'wrong-password');
    await expect(auth.alert()).toHaveText('Incorrect email or password.');
    await auth.signInAndSettle(persona('nobody').email, 'wrong-password');
    await expect(auth.alert()).toHaveText('Incorrect email or password.');
    await auth.signIn(ada.email, ada.password);
    await new AppPage(page).expectSignedIn();
    await expect(app.credits()).toHaveAccessibleName('3 credits');
  });
});
