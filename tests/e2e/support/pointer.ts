import type { Page } from '@playwright/test';

/** A point on the screen, in CSS pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Drags with the mouse from one screen point to another, in small steps as a hand moves. */
export async function mouseDrag(page: Page, start: ScreenPoint, end: ScreenPoint) {
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

/** Drags one finger from one screen point to another (real touch events, as a phone sends them). */
export async function touchDrag(page: Page, start: ScreenPoint, end: ScreenPoint) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point: ScreenPoint | null) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
  await touch('touchStart', start);
  for (let step = 1; step <= 12; step++) {
    await touch('touchMove', {
      x: start.x + ((end.x - start.x) * step) / 12,
      y: start.y + ((end.y - start.y) * step) / 12,
    });
  }
  await touch('touchEnd', null);
  await cdp.detach();
}
