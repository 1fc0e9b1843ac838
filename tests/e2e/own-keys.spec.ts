import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { ChatPage, makeReferencePng } from './pages/chat-page';
import { OwnKeysPage } from './pages/own-keys-page';
import { checkScreen } from './support/a11y';
import { expect, persona, signUp, test } from './support/fixtures';
import { LOCAL_CLOUD_LOG } from './support/local-cloud-log';

// Keys as the fake providers take them: any key is good unless it says 'invalid'.
const OPENAI_KEY = 'fake-openai-key-for-e2e-tests';
const WRONG_KEY = 'fake-invalid-key-for-e2e-tests';
const OPENAI = 'OpenAI GPT-Image';
/** The fake providers' own address, where they tell what they received. */
const fakeProviders = `http://127.0.0.1:${process.env.E2E_VIDEO_HOST_PORT}`;

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
    const app = await signUp(page, persona('own-key'));
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

    await test.step('a generation with the own key shows what OpenAI streams, charges nothing and says so', async () => {
      // The fake OpenAI draws for 4 s, streaming its partial pictures at 30% and 60% of it.
      await fetch(`${fakeProviders}/_latency/openai?ms=4000`, { method: 'POST' });
      try {
        await chat.send('A cat astronaut, bold "SPACE" title');
        await expect(chat.pendingMessages()).toContainText(/Processing your request|Generating your image/);
        // Straight from the stream, before anything is stored.
        const partial = chat.pendingMessages().getByRole('img', { name: 'Drawn so far' });
        await expect(partial).toBeVisible();
        await expect(partial).toHaveJSProperty('complete', true);
        expect(await partial.getAttribute('src')).toMatch(/^blob:/);
        await expect(chat.imageMessages()).toHaveCount(1);
      } finally {
        await fetch(`${fakeProviders}/_latency/openai?ms=0`, { method: 'POST' });
      }
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

  test('edits with the images the chat shows, read again from storage', async ({
    page,
    request,
    baseURL,
  }) => {
    // Storage answers CORS only to a request that names its origin, as S3 does, and lets the browser
    // keep an image: the chat's <img> and the edit's read of the same URL must share one cached copy.
    const key = 'fake-openai-key-for-shown-images';
    const app = await signUp(page, persona('own-key-shown'));
    await expect(app.credits()).toHaveAccessibleName('3 credits');
    const chat = new ChatPage(page);
    const keys = new OwnKeysPage(page);
    await keys.open();
    await keys.save(OPENAI, key);
    await expect(keys.status(OPENAI)).toHaveText('The key works.');
    await keys.close();
    await chat.providerSelect().selectOption({ label: `${OPENAI} (your key)` });

    await chat.dropFile('photo.png', 'image/png', await makeReferencePng());
    await chat.send('Put a bold "WOW" title on this photo');
    await expect(chat.imageMessages()).toHaveCount(1);
    const shown = chat.userMessages().first().getByRole('img', { name: 'Reference image 1' });
    await expect(shown).toHaveJSProperty('complete', true);
    expect(await shown.evaluate((image) => (image as { naturalWidth: number }).naturalWidth)).toBe(640);
    // What makes a cached copy matter: no CORS answer and no `Vary` unless the request names an origin.
    const src = (await shown.getAttribute('src')) ?? '';
    const plain = (await request.get(src)).headers();
    expect(plain['cache-control']).toContain('max-age=31536000');
    expect([plain['access-control-allow-origin'], plain.vary]).toEqual([undefined, undefined]);
    const asked = (await request.get(src, { headers: { origin: baseURL ?? '' } })).headers();
    expect([asked['access-control-allow-origin'], asked.vary]).toEqual([
      baseURL,
      expect.stringContaining('Origin'),
    ]);

    await chat.send('Make it brighter');
    await expect(chat.imageMessages()).toHaveCount(2);
    // The photo on screen went to both edits, beside the first answer in the second.
    const recorded = await request.get(`${fakeProviders}/_recorded/openai`);
    const edits = ((await recorded.json()) as { path: string; key: string; images: number }[]).filter(
      (call) => call.key === key && call.path === '/v1/images/edits',
    );
    expect(edits.map((call) => call.images)).toEqual([1, 2]);
  });

  test('is forgotten at sign-out unless remembered on this device', async ({ page, auth }) => {
    const who = persona('own-key-sign-out');
    const app = await signUp(page, who);
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
