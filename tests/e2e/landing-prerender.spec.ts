import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkoutReturnPaths } from '@thumbnail-studio/contract';

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

  test('waits for no request before its first paint; its one inline script is the one the CSP allows', async ({
    page,
  }) => {
    const answer = await page.request.get('/');
    const html = await answer.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Nothing render-blocking to fetch: no stylesheet link, no classic script with a src.
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(head.match(/<script(?![^>]*type="module")[^>]*\ssrc=/g)).toBeNull();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(answer.headers()['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  test('hydrates without a mismatch, and its buttons work', async ({ page }) => {
    // React reports a mismatch as a recoverable error on the console (in production, as error #418).
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('stays hidden where the app shows instead: a stored session, another route', async ({ page }) => {
    // The inline start script does this, so the CSP must let it run.
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    // Hold back the app's code, so the page shows what it paints before any module runs.
    await page.route('**/assets/*.js', () => {});
    // A CSS selector: a role query finds no element that is display: none.
    const heading = page.locator('h1', { hasText: HEADLINE });

    await page.goto(checkoutReturnPaths.cancel, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-start-view', 'app');
    expect(blocked).toEqual([]);
    await expect(heading).toBeAttached();
    await expect(heading).toBeHidden();

    await page.goto('/', { waitUntil: 'commit' });
    await expect(heading).toBeVisible();
    // Runs in the page; the root tsconfig has no DOM lib, so the storage is reached untyped.
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'someone'),
    );
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-start-view', 'app');
    await expect(heading).toBeAttached();
    await expect(heading).toBeHidden();
  });
});
