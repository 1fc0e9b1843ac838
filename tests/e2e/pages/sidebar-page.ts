import { expect, type Locator, type Page } from '@playwright/test';

/** The few browser globals these page functions use, typed here (the root tsconfig has no DOM lib). */
interface DomElement {
  tabIndex: number;
  disabled?: boolean;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  parentElement: DomElement | null;
  getAttribute(name: string): string | null;
  getClientRects(): { length: number };
  getBoundingClientRect(): { height: number };
  querySelector(selector: string): DomElement | null;
  closest(selector: string): DomElement | null;
}
interface Canvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
    options: { willReadFrequently: boolean },
  ): {
    fillStyle: string;
    clearRect(x: number, y: number, w: number, h: number): void;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  } | null;
}
declare const localStorage: { [key: string]: unknown };
declare const document: {
  querySelectorAll(selector: string): Iterable<DomElement>;
  createElement(tag: 'canvas'): Canvas;
};
declare function getComputedStyle(
  element: DomElement,
  pseudo?: string,
): { whiteSpace: string; backgroundColor: string; content: string; width: string; height: string };

/** How an open conversation's row stands out: sRGB colours as painted, and the accent bar's size. */
export interface RowLook {
  /** The sidebar behind the rows. */
  sidebar: [number, number, number];
  /** The row's own background over the sidebar. */
  row: [number, number, number];
  /** The bar at the row's left edge, if it has one. */
  bar: { colour: [number, number, number]; width: number; height: number } | null;
  rowHeight: number;
}

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
    // Found even once the phone's sidebar has slid away, which may happen before this looks.
    const action = this.page
      .getByRole('complementary', { name: 'Conversation history', includeHidden: true })
      .getByRole('button', { name: 'New Conversation', exact: true, includeHidden: true })
      .and(this.page.locator(':not([data-row-id])'));
    await expect(action).not.toHaveAttribute('aria-busy', 'true');
    if (this.isPhone()) await expect(this.page.getByRole('button', { name: 'Open sidebar' })).toBeVisible();
  }

  /** Below the app's 768 px breakpoint the sidebar is a drawer that closes after each choice. */
  private isPhone() {
    return (this.page.viewportSize()?.width ?? Infinity) < 768;
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

  /** The title of the row that has the focus, if one has. */
  async focusedTitle() {
    const focused = this.list().locator('button[data-row-id]:focus');
    return (await focused.count()) > 0 ? focused.getAttribute('aria-label') : undefined;
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

  /**
   * Whether a row's title shows every character: not cut with an ellipsis (it wraps instead),
   * and on more than one line when it is longer than the row.
   */
  titleInFull(row: Locator) {
    return row.evaluate((button) => {
      const title = (button as unknown as DomElement).querySelector('span > span');
      if (!title) return false;
      return getComputedStyle(title).whiteSpace !== 'nowrap' && title.scrollWidth <= title.clientWidth;
    });
  }

  /** What a row looks like: its background and accent bar over the sidebar's, as the screen paints them. */
  look(row: Locator): Promise<RowLook> {
    return row.evaluate((button) => {
      const item = (button as unknown as DomElement).closest('li') as DomElement;
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      // Paints colours over each other (any CSS colour, alpha too) and reads the pixel back.
      const paint = (colours: string[]): [number, number, number] => {
        if (!context) return [0, 0, 0];
        context.clearRect(0, 0, 1, 1);
        for (const colour of ['#ffffff', ...colours]) {
          context.fillStyle = colour;
          context.fillRect(0, 0, 1, 1);
        }
        const [r = 0, g = 0, b = 0] = Array.from(context.getImageData(0, 0, 1, 1).data);
        return [r, g, b];
      };
      const behind: string[] = [];
      for (let at = item.parentElement; at; at = at.parentElement) {
        behind.unshift(getComputedStyle(at).backgroundColor);
      }
      const bar = getComputedStyle(item, '::before');
      return {
        sidebar: paint(behind),
        row: paint([...behind, getComputedStyle(item).backgroundColor]),
        bar:
          bar.content === 'none'
            ? null
            : {
                colour: paint([...behind, bar.backgroundColor]),
                width: Number.parseFloat(bar.width),
                height: Number.parseFloat(bar.height),
              },
        rowHeight: item.getBoundingClientRect().height,
      };
    });
  }
}
