import { expect, test } from '@playwright/test';

const HEADLINE = 'Thumbnails that earn the click, made in a chat';

test.describe('the landing page is prerendered', () => {
  test('paints its content, the poster as WebP, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Simple credit packages' })).toBeVisible();
    await expect(page.locator('video')).toHaveAttribute('poster', '/demo/poster.webp');
    // The HTML as served holds the headline ahead of every script tag in the body.
    const html = await (await page.request.get('/')).text();
    const body = html.slice(html.indexOf('<body'));
    expect(body.indexOf(HEADLINE)).toBeGreaterThan(-1);
    expect(body.includes('<script')).toBe(false);
    await context.close();
  });

  test('hydrates without a mismatch, and its buttons work', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('stays hidden where the app shows instead (a stored session, another route)', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'someone'),
    );
    // Hold back the app's code, so the page shows what it paints before any module runs.
    await page.route('**/assets/*.js', () => {});
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-start-view', 'app');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeHidden();
  });
});
