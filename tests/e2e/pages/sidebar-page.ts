import { expect, type Locator, type Page } from '@playwright/test';

/** The few browser globals these page functions use, typed here (the root tsconfig has no DOM lib). */
interface DomElement {
  tabIndex: number;
  disabled?: boolean;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getClientRects(): { length: number };
  querySelector(selector: string): DomElement | null;
}
declare const localStorage: { [key: string]: unknown };
declare const document: { querySelectorAll(selector: string): Iterable<DomElement> };
declare function getComputedStyle(element: DomElement): { whiteSpace: string };

/** The conversation sidebar: New Conversation, search, the rows with Rename and Delete, and the skip link. */
export class SidebarPage {
  constructor(readonly page: Page) {}

  region() {
    return this.page.getByRole('complementary', { name: 'Conversation history' });
  }

  list() {
    return this.page.getByRole('navigation', { name: 'Conversations' });
  }

  rows() {
    return this.list().getByRole('listitem');
  }

  /** The button that opens a conversation, by its exact title. */
  row(title: string) {
    return this.list().getByRole('button', { name: title, exact: true });
  }

  /** The open conversation's button (`aria-current`). */
  current() {
    return this.list().locator('button[aria-current="true"]');
  }

  /** The rows' open buttons that Tab reaches: a roving list has exactly one. */
  tabbableRows() {
    return this.list().locator('button[data-row-id][tabindex="0"]');
  }

  search() {
    return this.page.getByRole('searchbox', { name: 'Search conversations' });
  }

  renameButton(title: string) {
    return this.list().getByRole('button', { name: `Rename conversation ${title}`, exact: true });
  }

  deleteButton(title: string) {
    return this.list().getByRole('button', { name: `Delete conversation ${title}`, exact: true });
  }

  titleField() {
    return this.list().getByRole('textbox', { name: 'Conversation title' });
  }

  /** The action, not a row that carries the default title. */
  newConversationButton() {
    return this.region()
      .getByRole('button', { name: 'New Conversation', exact: true })
      .and(this.page.locator(':not([data-row-id])'));
  }

  skipLink() {
    return this.page.getByRole('link', { name: 'Skip to prompt' });
  }

  /** On a phone the sidebar slides in from the menu button; on a desktop it is already there. */
  async open() {
    // The toggle's name says the state, even while the sidebar is still sliding.
    const opener = this.page.getByRole('button', { name: 'Open sidebar' });
    if (await opener.isVisible()) await opener.click();
    await expect(this.region()).toBeVisible();
  }

  /** Clicks New Conversation and waits for the server's answer (on a phone the sidebar then closes). */
  async newConversation() {
    await this.open();
    const answered = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/conversations',
    );
    await this.newConversationButton().click();
    await answered;
    await expect(this.newConversationButton()).not.toHaveAttribute('aria-busy', 'true');
  }

  /** Opens the inline title box of a conversation and types a title (without saving). */
  async startRename(title: string, next: string) {
    await this.open();
    await this.renameButton(title).click();
    await expect(this.titleField()).toBeFocused();
    await this.titleField().fill(next);
  }

  /** Makes conversations through the API as the signed-in user, as another device would. */
  async createThroughApi(titles: readonly string[]) {
    const token = await this.page.evaluate(
      () =>
        Object.entries(localStorage).find(
          ([key, value]) => key.endsWith('.accessToken') && typeof value === 'string',
        )?.[1] as string | undefined,
    );
    expect(token, 'an access token in localStorage').toBeTruthy();
    for (const title of titles) {
      const response = await this.page.request.post('/api/conversations', {
        headers: { authorization: `Bearer ${token}` },
        data: { title },
      });
      expect(response.status()).toBe(201);
    }
  }

  /** The accessible text of the first element in the page's tab order that is shown. */
  firstTabbableName() {
    return this.page.evaluate(() => {
      const first = [
        ...document.querySelectorAll('a[href], button, input, textarea, select, [tabindex]'),
      ].find((element) => element.tabIndex >= 0 && !element.disabled && element.getClientRects().length > 0);
      return first?.getAttribute('aria-label') ?? first?.textContent?.trim();
    });
  }

  /** Whether a row's title shows in full (wrapped) rather than cut with an ellipsis. */
  titleWraps(row: Locator) {
    return row.evaluate((button) => {
      const title = (button as unknown as DomElement).querySelector('span > span');
      return title ? getComputedStyle(title).whiteSpace !== 'nowrap' : false;
    });
  }
}
