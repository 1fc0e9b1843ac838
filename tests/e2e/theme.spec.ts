import { LandingPage } from './pages/landing-page';
import { expect, persona, signUp, test } from './support/fixtures';

/** `<html>`'s class names the theme showing: 'light' or 'dark'. */
const theme = (name: 'light' | 'dark') => new RegExp(`(^|\\s)${name}(\\s|$)`);

test.describe('light and dark', () => {
  test('follows the system until a theme is chosen, remembers the choice, and sets it before the app loads', async ({
    page,
  }) => {
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'dark' });
    await new LandingPage(page).open();
    await expect(html).toHaveClass(theme('dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html).toHaveClass(theme('light'));

    const app = await signUp(page, persona('theme'));
    await expect(html).toHaveClass(theme('light'));
    // The chat focuses the prompt when its first conversation opens, which closes a menu opened before.
    await expect(app.messageBox()).toBeFocused();
    await app.chooseTheme('Dark theme');
    await expect(html).toHaveClass(theme('dark'));

    // Remembered, and on <html> before any of the app's code runs (none is let through here), so the
    // light theme never flashes first.
    // The route stays, let through once done with: a request sent while Playwright stops intercepting can hang.
    let blocked = true;
    await page.route('**/assets/**', (route) => (blocked ? route.abort() : route.fallback()));
    await page.reload();
    await expect(html).toHaveClass(theme('dark'));
    blocked = false;
    await page.reload();
    await app.expectSignedIn();
    await expect(html).toHaveClass(theme('dark'));
    await expect(app.messageBox()).toBeFocused();

    // Back to the system's theme, which it then follows as it changes.
    await app.chooseTheme('System theme');
    await expect(html).toHaveClass(theme('light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(theme('dark'));
  });
});
