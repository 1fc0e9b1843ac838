import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page and fails on serious or critical violations; saves a screenshot. */
export async function checkScreen(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking, `axe on ${name}`).toEqual([]);
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/screenshots/${name}-${size?.width}x${size?.height}.png` });
}
