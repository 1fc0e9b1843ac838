import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { OwnKeysPage } from './pages/own-keys-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUpThroughUi, test } from './support/fixtures';
import { LOCAL_CLOUD_LOG } from './support/local-cloud-log';

// Keys as the fake providers take them: any key is good unless it says 'invalid'.
const OPENAI_KEY = 'fake-openai-key-for-e2e-tests';
const WRONG_KEY = 'fake-invalid-key-for-e2e-tests';
const OPENAI = 'OpenAI GPT-Image';

/** Every file under `dir` (the local cloud's data: DynamoDB, storage, outbox, its log). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

test.describe("a creator's own API key", () => {
  test('generates and edits from the browser with no credit charged, and the key never leaves it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Every request the page makes: to the providers (the fakes), or to us (the app, its API,
    // Cognito through it, and storage).
    const ours: Request[] = [];
    const toProviders: Request[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/\/(openai|gemini)\//.test(new URL(url).pathname)) toProviders.push(request);
      else if (url.startsWith('http')) ours.push(request);
    });
    const app = await signUpThroughUi(page, persona('own-key'));
    const chat = new ChatPage(page);
    const keys = new OwnKeysPage(page);
    await expect(app.credits()).toHaveAccessibleName('3 credits');

    await test.step('a wrong key is refused with a clear message, then removed', async () => {
      await keys.open();
      await expect(keys.dialog()).toContainText('kept in this browser only');
      await expect(keys.dialog()).toContainText('the provider bills your own account');
      await keys.save(OPENAI, WRONG_KEY);
      await expect(keys.status(OPENAI)).toHaveText(
        'OpenAI GPT-Image refused this key. Check that it is copied whole and still active.',
      );
      await keys.remove(OPENAI);
      await expect(keys.section(OPENAI).getByLabel(`${OPENAI} API key`)).toBeVisible();
    });

    await test.step('a good key works, shows masked, and its provider joins the picker', async () => {
      await keys.save(OPENAI, OPENAI_KEY);
      await expect(keys.status(OPENAI)).toHaveText('The key works.');
      await expect(keys.section(OPENAI)).toContainText('fak••••••••ests');
      await expect(keys.dialog()).not.toContainText(OPENAI_KEY);
      await checkScreen(page, 'own-keys-dialog');
      await keys.close();
      await expect(keys.dialog()).toBeHidden();
      await chat.providerSelect().selectOption({ label: `${OPENAI} (your key)` });
    });

    await test.step('a generation with the own key charges nothing and says so', async () => {
      await chat.send('A cat astronaut, bold "SPACE" title');
      await expect(chat.pendingMessages()).toContainText(/Processing your request|Generating your image/);
      await expect(chat.imageMessages()).toHaveCount(1);
      await expect(chat.imageMessages().last()).toContainText('no credit was charged');
      await expect(app.credits()).toHaveAccessibleName('3 credits');
    });

    await test.step('an edit with the own key too', async () => {
      await chat.send('Make it brighter');
      await expect(chat.pendingMessages()).toContainText(/Processing your request|Editing your image/);
      await expect(chat.imageMessages()).toHaveCount(2);
      await expect(app.credits()).toHaveAccessibleName('3 credits');
    });

    await test.step('after a reload the images are still there, stored like any other', async () => {
      await page.reload();
      await app.expectSignedIn();
      await expect(chat.imageMessages()).toHaveCount(2);
      await expect(chat.imageMessages().first().getByRole('img')).toHaveJSProperty('complete', true);
      await expect(app.credits()).toHaveAccessibleName('3 credits');
    });

    await test.step('the key was in no request to our backend, nor in its storage or logs', async () => {
      expect(ours.some((request) => request.url().startsWith(`${baseURL}/api/`))).toBe(true);
      // The browser called the provider itself, with the key.
      const authorizations = await Promise.all(
        toProviders.map(async (request) => (await request.allHeaders()).authorization),
      );
      expect(authorizations).toContain(`Bearer ${OPENAI_KEY}`);
      const calls = toProviders.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
      // The first message has no image to edit, so no classifier is asked; the second asks it first.
      expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
        'POST /openai/v1/images/generations',
        'POST /openai/v1/chat/completions',
        'POST /openai/v1/images/edits',
      ]);
      for (const request of ours) {
        const sent = [request.url(), JSON.stringify(await request.allHeaders()), request.postData() ?? ''];
        expect(sent.join('\n'), request.url()).not.toContain(OPENAI_KEY);
      }
      const dataDir = process.env.E2E_DATA_DIR ?? '';
      const files = await filesUnder(dataDir);
      expect(files).toContain(path.join(dataDir, LOCAL_CLOUD_LOG));
      for (const file of files) {
        expect((await readFile(file)).includes(OPENAI_KEY), file).toBe(false);
      }
    });
  });

  test('is forgotten at sign-out unless remembered on this device', async ({ page, auth }) => {
    const who = persona('own-key-sign-out');
    const app = await signUpThroughUi(page, who);
    const keys = new OwnKeysPage(page);
    const GEMINI = 'Gemini Nano Banana';
    const GEMINI_KEY = 'fake-gemini-key-for-e2e-remembered';
    /** Every value this browser keeps for the app's origin. */
    const stored = () =>
      page.evaluate(() =>
        Object.values((globalThis as unknown as { localStorage: Record<string, string> }).localStorage).join(
          '\n',
        ),
      );

    await keys.open();
    await keys.save(OPENAI, OPENAI_KEY);
    await expect(keys.status(OPENAI)).toHaveText('The key works.');
    await expect(keys.section(OPENAI)).toContainText('Forgotten when you sign out.');
    await keys.save(GEMINI, GEMINI_KEY, { remember: true });
    await expect(keys.status(GEMINI)).toHaveText('The key works.');
    await expect(keys.section(GEMINI)).toContainText('Remembered on this device.');
    await keys.close();
    expect(await stored()).toContain(OPENAI_KEY);

    await app.signOut();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    // The key saved without the choice is gone from the browser's storage; the remembered one stays.
    await expect.poll(stored).not.toContain(OPENAI_KEY);
    expect(await stored()).toContain(GEMINI_KEY);

    await auth.switchToSignIn();
    await auth.signIn(who.email, who.password);
    await app.expectSignedIn();
    await keys.open();
    await expect(keys.section(OPENAI).getByLabel(`${OPENAI} API key`)).toBeVisible();
    await expect(keys.section(GEMINI)).toContainText('fak••••••••ered');
  });
});
