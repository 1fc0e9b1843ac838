import { resign } from '../support/tokens';

/** The browser's localStorage, typed for these page functions (the root tsconfig has no DOM lib). */
interface BrowserStorage {
  [key: string]: string | unknown;
  setItem(key: string, value: string): void;
}
declare const localStorage: BrowserStorage;
const storedTokens = () =>
  Object.entries(localStorage).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && /\.(accessToken|idToken)$/.test(entry[0]),
  );

import { AppPage } from './pages/app-page';
import { ChatPage } from './pages/chat-page';
import { expect, persona, signUp, test } from './support/fixtures';

test.describe('the session', () => {
  test('refreshes expired tokens through the local GetTokensFromRefreshToken bridge', async ({ page }) => {
    const app = await signUp(page, persona('refresh'));
    await expect(app.conversations()).toHaveCount(1);
    await app.send('Keep this across a refresh');
    await expect(app.messages().getByText('Keep this across a refresh')).toBeVisible();
    // While a job runs the page polls, and a poll would refresh the tokens before the reload does.
    await expect(new ChatPage(page).imageMessages()).toHaveCount(1, { timeout: 15_000 });

    // Amplify keeps the tokens in localStorage: make both the access and the ID token expired.
    const expired = Math.floor(Date.now() / 1000) - 60;
    const stored = await page.evaluate(storedTokens);
    expect(stored).toHaveLength(2);
    const replaced = stored.map(([key, token]) => [key, resign(token, { exp: expired })] as const);
    await page.evaluate((entries) => {
      for (const [key, token] of entries) localStorage.setItem(key, token);
    }, replaced);

    const refreshes: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (target.endsWith('GetTokensFromRefreshToken')) refreshes.push(target);
    });
    await page.reload();
    const refreshed = new AppPage(page);
    await refreshed.expectSignedIn();
    await expect(refreshed.messages().getByText('Keep this across a refresh')).toBeVisible();
    expect(refreshes.length).toBeGreaterThan(0);
    const access = (await page.evaluate(storedTokens)).find(([key]) => key.endsWith('.accessToken'))?.[1];
    const exp = JSON.parse(Buffer.from(access?.split('.')[1] ?? '', 'base64url').toString()).exp;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
  });
});
