import type { Page } from '@playwright/test';
import { REDIRECT_DELAY_MS } from '../../../web/src/config/constants';

/** The page's own globals this shim adds and reads (the root tsconfig has no DOM lib). */
interface ShimWindow {
  setTimeout(handler: (...args: unknown[]) => void, timeout?: number, ...args: unknown[]): number;
  location: { pathname: string };
  __releaseRedirect?: () => void;
}
declare const window: ShimWindow;

/**
 * Holds the checkout pages' redirect home (their one timer of `REDIRECT_DELAY_MS`), from the next
 * page load on, until `releaseRedirect`: a screen that moves on by itself stays while it is
 * scanned in both themes. Axe and the rest of the page keep their timers; off the checkout pages
 * nothing is held.
 */
export async function holdRedirect(page: Page) {
  await page.addInitScript((delay: number) => {
    const passOn = window.setTimeout.bind(window);
    const held: (() => void)[] = [];
    let holding = true;
    window.setTimeout = (handler, timeout, ...args) => {
      if (!holding || timeout !== delay || !window.location.pathname.startsWith('/checkout-')) {
        return passOn(handler, timeout, ...args);
      }
      held.push(() => handler(...args));
      return 0;
    };
    window.__releaseRedirect = () => {
      holding = false;
      for (const run of held.splice(0)) passOn(run, 0);
    };
  }, REDIRECT_DELAY_MS);
}

/** Lets a held redirect go, at once. */
export async function releaseRedirect(page: Page) {
  await page.evaluate(() => window.__releaseRedirect?.());
}
