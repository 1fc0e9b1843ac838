import { expect, persona, signUp, test } from './support/fixtures';

/** The chunk of Radix's dropdown menu, which the chat screen loads when a menu is first reached. */
const MENU_CODE = /\/assets\/dropdown-menu-parts-[^/]*\.js$/;

test.describe('the header menus', () => {
  test('load their code when first reached, and open from the keyboard on their first item', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (MENU_CODE.test(request.url())) requested.push(request.url());
    });
    // The menu's code is held back until the key has been pressed, as on a slow link.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(MENU_CODE, async (route) => {
      await released;
      await route.continue();
    });

    const app = await signUp(page, persona('menus'));
    // The chat focuses the prompt when its first conversation opens, which closes a menu opened before.
    await expect(app.messageBox()).toBeFocused();
    await expect(app.credits()).toBeVisible();
    expect(requested, 'the chat screen shows without the menus').toEqual([]);

    const account = page.getByRole('button', { name: 'Account menu' });
    await account.focus();
    await expect.poll(() => requested.length).toBe(1);
    await account.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);
    release();
    await expect(page.getByRole('menuitemradio', { name: 'System theme' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(account).toBeFocused();

    // Loaded now: the credits menu opens on ArrowDown at once, on its first item.
    await app.credits().press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Buy credits' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(app.credits()).toBeFocused();
    expect(requested).toHaveLength(1);
  });
});
