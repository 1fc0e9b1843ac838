import { DEFAULT_TITLE, EMPTY_TITLE_TEXT, TITLE_LENGTH } from '@thumbnail-studio/contract';
import { ChatPage } from './pages/chat-page';
import { SidebarPage } from './pages/sidebar-page';
import { checkScreen, showColourScheme } from './support/a11y';
import { contrastRatio } from './support/colours';
import { expect, persona, signUp, test } from './support/fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of sizes) {
  test.describe(`the sidebar on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('New Conversation opens the empty one again, even after a reload, until it is used', async ({
      page,
    }) => {
      const app = await signUp(page, persona(`reuse-${size.name}`));
      const sidebar = new SidebarPage(page);
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(1);

      await sidebar.newConversation();
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(1);
      await page.reload();
      await app.expectSignedIn();
      await sidebar.newConversation();
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(1);

      // Once written in (before any answer named it), it stays, and a new one opens beside it.
      await app.send('A crowded room of gamers cheering');
      await expect(app.messages().getByText('A crowded room of gamers cheering')).toBeVisible();
      await sidebar.newConversation();
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(2);
      await expect(sidebar.current()).toHaveAccessibleName(DEFAULT_TITLE);
      await expect(app.messages().getByText('A crowded room of gamers cheering')).toHaveCount(0);
    });

    test('a conversation is renamed inline: Enter saves, Escape cancels, an empty title is refused', async ({
      page,
    }) => {
      const app = await signUp(page, persona(`rename-${size.name}`));
      const sidebar = new SidebarPage(page);

      await sidebar.startRename(DEFAULT_TITLE, '   ');
      await sidebar.titleField().press('Enter');
      await expect(sidebar.list().getByRole('alert')).toHaveText(EMPTY_TITLE_TEXT);
      await expect(sidebar.titleField()).toBeFocused();
      await checkScreen(page, `sidebar-rename-refused-${size.name}`);

      await sidebar.titleField().fill('Not this one');
      await sidebar.titleField().press('Escape');
      await expect(sidebar.titleField()).toHaveCount(0);
      await expect(sidebar.region()).toBeVisible();
      await expect(sidebar.row(DEFAULT_TITLE)).toBeFocused();

      // Titles stop at 50 characters, as every title does.
      await sidebar.startRename(DEFAULT_TITLE, 'x'.repeat(TITLE_LENGTH + 10));
      await expect(sidebar.titleField()).toHaveValue('x'.repeat(TITLE_LENGTH));
      await sidebar.titleField().fill('  Gaming channel: boss fights  ');
      await sidebar.titleField().press('Enter');
      await expect(sidebar.row('Gaming channel: boss fights')).toBeFocused();

      await page.reload();
      await app.expectSignedIn();
      await sidebar.open();
      await expect(sidebar.row('Gaming channel: boss fights')).toHaveAttribute('aria-current', 'true');
    });

    test('a search box filters a long list by title, and says when nothing matches', async ({ page }) => {
      const app = await signUp(page, persona(`search-${size.name}`));
      const sidebar = new SidebarPage(page);
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(1);
      await expect(sidebar.search()).toHaveCount(0);

      const titles = ['Pasta night', 'Boss fight', 'PASTA in 5 minutes', 'Tiny house tour', 'Sunrise hike'];
      await sidebar.createThroughApi([...titles, 'Unboxing', 'Speedrun', 'Q&A']);
      await page.reload();
      await app.expectSignedIn();
      await sidebar.open();
      await expect(sidebar.rows()).toHaveCount(9);

      await sidebar.search().fill('pasta');
      await expect(sidebar.rows()).toHaveCount(2);
      await expect(sidebar.row('Pasta night')).toBeVisible();
      await expect(sidebar.row('PASTA in 5 minutes')).toBeVisible();

      await sidebar.search().fill('volcano');
      await expect(sidebar.rows()).toHaveCount(0);
      await expect(sidebar.list().getByRole('status')).toHaveText('No conversations match “volcano”.');
      await checkScreen(page, `sidebar-search-empty-${size.name}`);

      await sidebar.search().fill('');
      await expect(sidebar.rows()).toHaveCount(9);
    });

    test('an empty chat offers example prompts that fill the box, and says what references, links and people do', async ({
      page,
    }) => {
      const app = await signUp(page, persona(`examples-${size.name}`));
      const help = page.getByRole('region', { name: 'Try an example' });
      await expect(help).toBeVisible();
      await expect(help).toContainText(/reference images.*YouTube link.*people/i);
      const examples = help.getByRole('button');
      await expect(examples).toHaveCount(4);
      await checkScreen(page, `chat-empty-help-${size.name}`);

      const example = (await examples.nth(1).textContent()) ?? '';
      await examples.nth(1).click();
      await expect(app.messageBox()).toHaveValue(example);
      await expect(app.messageBox()).toBeFocused();
      // Filled, not sent.
      await expect(new ChatPage(page).userMessages()).toHaveCount(0);

      await app.messageBox().press('Enter');
      await expect(app.messages().getByText(example)).toBeVisible();
      await expect(help).toHaveCount(0);
    });
  });
}

test.describe('keyboard and focus', () => {
  test('desktop: the prompt is focused on open, a skip link comes first, and the list is one tab stop moved by arrows', async ({
    page,
  }) => {
    const app = await signUp(page, persona('keys'));
    const sidebar = new SidebarPage(page);
    await expect(app.messageBox()).toBeFocused();

    // The skip link comes first in the tab order, and shows when focused.
    expect(await sidebar.firstTabbableName()).toBe('Skip to prompt');
    await sidebar.skipLink().focus();
    await expect(sidebar.skipLink()).toBeInViewport();
    await checkScreen(page, 'skip-link');
    await page.keyboard.press('Enter');
    await expect(app.messageBox()).toBeFocused();

    const long = 'A very long title for a cooking video about fresh pasta at home';
    await sidebar.createThroughApi(['Oldest', 'Middle', long]);
    await page.reload();
    await app.expectSignedIn();
    await expect(sidebar.rows()).toHaveCount(4);
    await expect(sidebar.tabbableRows()).toHaveCount(1);
    // Full titles on hover (the native tooltip) and, once focused, wrapped in place.
    await expect(sidebar.row(long)).toHaveAttribute('title', long);

    await sidebar.newConversationButton().focus();
    await page.keyboard.press('Tab');
    await expect(sidebar.current()).toBeFocused();
    await expect(sidebar.current()).toHaveAccessibleName(long);
    expect(await sidebar.titleWraps(sidebar.current())).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(sidebar.row('Middle')).toBeFocused();
    await expect(sidebar.tabbableRows()).toHaveCount(1);
    await page.keyboard.press('End');
    await expect(sidebar.row(DEFAULT_TITLE)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(sidebar.row(long)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(sidebar.row('Oldest')).toBeFocused();

    // The row's actions follow it in the tab order and show when focused; then Tab leaves the list.
    await page.keyboard.press('Tab');
    await expect(sidebar.renameButton('Oldest')).toBeFocused();
    await expect(sidebar.renameButton('Oldest')).toHaveCSS('opacity', '1');
    await page.keyboard.press('Tab');
    await expect(sidebar.deleteButton('Oldest')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sidebar.list().locator(':focus')).toHaveCount(0);

    // Back in the list, Enter opens the row Tab returns to; the prompt then has the focus.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(sidebar.row('Oldest')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sidebar.row('Oldest')).toHaveAttribute('aria-current', 'true');
    await expect(app.messageBox()).toBeFocused();
    await checkScreen(page, 'sidebar-keyboard');

    // Deleting from the keyboard: once the row is gone, focus is back on the list, not lost.
    await sidebar.deleteButton('Middle').focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(sidebar.rows()).toHaveCount(3);
    await expect(sidebar.row('Oldest')).toBeFocused();
  });

  test('desktop: a long title shows in full while its row has the focus, then is cut again; the open row stands out in both themes', async ({
    page,
  }) => {
    const app = await signUp(page, persona('keys-titles'));
    const sidebar = new SidebarPage(page);
    const long = 'A very long title for a cooking video about fresh pasta at home';
    // The app opens a first conversation of its own at sign-up: made after it, these list above it.
    await expect(sidebar.rows()).toHaveCount(1);
    await sidebar.createThroughApi([long, 'Newest']);
    await page.reload();
    await app.expectSignedIn();
    await expect(sidebar.rows()).toHaveCount(3);
    await expect(sidebar.current()).toHaveAccessibleName('Newest');
    // Not open, not focused: cut with an ellipsis (the native tooltip has it in full).
    expect(await sidebar.titleInFull(sidebar.row(long))).toBe(false);

    await sidebar.newConversationButton().focus();
    await page.keyboard.press('Tab');
    await expect(sidebar.row('Newest')).toBeFocused();
    // Down the list to the long title (where the untitled one sorts depends on when it was opened).
    await page.keyboard.press('Home');
    for (let presses = 0; presses < 3 && (await sidebar.focusedTitle()) !== long; presses++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(sidebar.row(long)).toBeFocused();
    await expect(sidebar.row(long)).not.toHaveAttribute('aria-current');
    await expect.poll(() => sidebar.titleInFull(sidebar.row(long))).toBe(true);
    await checkScreen(page, 'sidebar-long-title-focused');

    // Out of the list (the row's own actions would keep it open): cut again.
    await page.keyboard.press('Shift+Tab');
    await expect(sidebar.list().locator(':focus')).toHaveCount(0);
    await expect.poll(() => sidebar.titleInFull(sidebar.row(long))).toBe(false);

    // The open row: an accent bar at its edge that stands out from the sidebar (3:1, as any
    // control's boundary must), on a background of its own, in the dark theme and the light one.
    await app.messageBox().focus();
    for (const scheme of ['dark', 'light'] as const) {
      await showColourScheme(page, scheme);
      const open = await sidebar.look(sidebar.current());
      const other = await sidebar.look(sidebar.row(long));
      expect(open.bar, `the open row's bar (${scheme})`).not.toBeNull();
      expect(other.bar, `no bar on a row that is not open (${scheme})`).toBeNull();
      expect(open.bar?.width ?? 0).toBeGreaterThanOrEqual(3);
      expect(open.bar?.height ?? 0).toBeGreaterThanOrEqual(open.rowHeight / 2);
      expect(contrastRatio(open.bar?.colour ?? open.sidebar, open.sidebar)).toBeGreaterThanOrEqual(3);
      expect(open.row).not.toEqual(other.row);
    }
  });

  test('phone: opening a conversation leaves the keyboard down, and the skip link still leads to the prompt', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const app = await signUp(page, persona('keys-phone'));
    const sidebar = new SidebarPage(page);
    await expect(app.messages()).toContainText('high-quality images from detailed descriptions');
    await expect(app.messageBox()).not.toBeFocused();

    // Fresh from a reload, once the chat has opened at its newest message, the first Tab lands on the skip link.
    await page.reload();
    await app.expectSignedIn();
    await expect(app.messages()).toContainText('high-quality images from detailed descriptions');
    await expect(app.messageBox()).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sidebar.skipLink()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(app.messageBox()).toBeFocused();

    await sidebar.open();
    await sidebar.rows().first().getByRole('button').first().click();
    await expect(sidebar.region()).toBeHidden();
    await expect(app.messageBox()).not.toBeFocused();
  });
});
