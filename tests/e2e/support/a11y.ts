import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type ColourScheme = 'light' | 'dark';

/** The few browser globals these functions use, typed here (the root tsconfig has no DOM lib). */
declare const document: {
  documentElement: object;
  getAnimations(): { constructor: { name: string }; finished: Promise<unknown> }[];
};
declare function getComputedStyle(element: object): { colorScheme: string };

/** The scheme the page shows now: its root's `color-scheme` (the app sets it with its theme). */
const shownScheme = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).colorScheme as ColourScheme);

/**
 * Asks for a colour scheme as the system would and waits until the page shows it (every screen
 * follows the system's preference while no theme is chosen), its colour transitions finished so
 * nothing is measured halfway between the two.
 */
export async function showColourScheme(page: Page, scheme: ColourScheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(() => shownScheme(page), { message: `the page follows the system's ${scheme} scheme` })
    .toBe(scheme);
  // Colour transitions last a fraction of a second; one that never ends (an element that left
  // the page mid-way) is not waited for past a second.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.constructor.name === 'CSSTransition')
          .map((transition) => transition.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
}

/** The axe rules whose outcome depends on the colours shown: all a second scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page as it is (only its colour rules with `coloursOnly`) and fails on serious or
 * critical violations; saves a screenshot.
 */
async function scan(page: Page, name: string, coloursOnly = false) {
  const axe = new AxeBuilder({ page });
  const results = await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking, `axe on ${name}`).toEqual([]);
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/screenshots/${name}-${size?.width}x${size?.height}.png` });
}

/**
 * Runs axe on the page in the scheme it shows, then its colour rules in the other one (asked for
 * as the system would: the page's structure, names and roles are the same in both), and fails on
 * serious or critical violations in either; saves a screenshot of each.
 * The page is left in the scheme it showed, the system's preference asking for it again. A screen
 * that moves on by itself (the checkout pages' redirect) must be held still meanwhile
 * (`holdRedirect`): the page may not leave between the scans.
 *
 * `onlyAsShown` is for a page that is not the product's and has one look of its own (the local
 * stand-in for the card provider's hosted checkout): it is scanned once, as it shows.
 */
export async function checkScreen(page: Page, name: string, options: { onlyAsShown?: boolean } = {}) {
  const url = page.url();
  if (options.onlyAsShown) {
    await scan(page, name);
    return;
  }
  const shown = await shownScheme(page);
  expect(['light', 'dark'], `${name} says which colour scheme it shows`).toContain(shown);
  const other: ColourScheme = shown === 'dark' ? 'light' : 'dark';
  await scan(page, `${name}-${shown}`);
  await showColourScheme(page, other);
  await scan(page, `${name}-${other}`, true);
  await showColourScheme(page, shown);
  expect(page.url(), `${name} stayed on screen for both scans`).toBe(url);
}
