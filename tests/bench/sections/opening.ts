import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import { repoPath } from '../../../infra/src/paths';
import { callAs } from '../../support/api';
import { waitForQueueIdle, waitForSettled } from '../../support/jobs';
import { type RunningCloud, startCloudProcess } from '../../support/local-cloud-process';
import { signUpUser } from '../../support/users';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

const IMAGES = 100;

/** Bytes that crossed the wire (headers included, as compressed), and requests, while it counts. */
function countTransfers(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    requests += 1;
    inFlight += 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    inFlight -= 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    inFlight -= 1;
    lastActivity = Date.now();
  });
  return {
    reset() {
      bytes = 0;
      requests = 0;
    },
    /** Waits until nothing has moved for `quietMs`: the screen has all it asked for. */
    async settle(quietMs = 1500) {
      while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { kb: bytes / 1000, requests };
    },
  };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await page.getByLabel('Email', { exact: true }).waitFor();
  const toSignIn = page.getByRole('button', { name: 'Use an existing account' });
  if (await toSignIn.isVisible()) await toSignIn.click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Create Thumbnails' }).waitFor();
}

/** Opens the conversation with this title from the sidebar and waits for its newest image. */
async function openConversation(page: Page, title: string) {
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('listitem').filter({ hasText: title }).getByRole('button').first().click();
  await page.getByRole('img', { name: `Generated thumbnail: Bench image ${IMAGES - 1}` }).waitFor();
}

/**
 * Issue 10's opening: a conversation of 100 generated images (the offline provider, through the
 * real local cloud) opened in Chromium, counting what crosses the wire: the first visit with an
 * empty cache, a revisit after another conversation, and a reload of the page.
 */
export const opening: BenchSection = {
  title: 'Opening a conversation of 100 images (local cloud, Chromium)',
  async run() {
    if (!existsSync(join(repoPath('web', 'dist'), 'index.html'))) {
      execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoPath(), stdio: 'inherit' });
    }
    let cloud: RunningCloud | undefined;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      cloud = await startCloudProcess({
        env: { INITIAL_CREDITS: String(IMAGES), RATE_LIMIT_SENDS_PER_MINUTE: '0' },
      });
      const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'bench-opening');
      const api = callAs(cloud.url, user.accessToken);
      const title = 'Hundred images';
      const { id } = (await api('createConversation', { body: { title } })).body.conversation;
      for (let i = 0; i < IMAGES; i += 10) {
        const sends = await Promise.all(
          Array.from({ length: 10 }, (_, k) =>
            api('sendMessage', { params: { id }, body: { content: `Bench image ${i + k}` } }),
          ),
        );
        await Promise.all(sends.map((s) => waitForSettled(api, s.body.assistantMessage.id, 120_000, 200)));
      }

      // A job moves its conversation to the top just after it settles: wait for the last of
      // them, so the one made next is the newest and the app opens on it after signing in, not
      // on the conversation measured (whose images would then be in the cache already).
      await waitForQueueIdle(cloud.url, IMAGES, 120_000);
      await api('createConversation', { body: { title: 'Elsewhere' } });

      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const wire = countTransfers(cdp);
      await signIn(page, cloud.url, user.email, user.password);
      await wire.settle();

      wire.reset();
      await openConversation(page, title);
      const first = await wire.settle();
      if (first.requests === 0)
        throw new Error('opening the conversation asked for nothing: it was open already');

      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('listitem')
        .filter({ hasText: 'Elsewhere' })
        .getByRole('button')
        .first()
        .click();
      await wire.settle();
      wire.reset();
      await openConversation(page, title);
      const revisit = await wire.settle();

      wire.reset();
      await page.reload();
      await page.getByRole('heading', { name: 'Create Thumbnails' }).waitFor();
      await openConversation(page, title);
      const reload = await wire.settle();

      const measurements: Measurement[] = [
        {
          label: 'first screen, empty cache',
          value: first.kb,
          unit: 'kB',
          budget: budgets.openingFirstScreenKb,
        },
        { label: 'first screen, requests', value: first.requests, unit: 'req' },
        { label: 'revisit', value: revisit.kb, unit: 'kB', budget: budgets.openingRepeatKb },
        { label: 'reload of the page', value: reload.kb, unit: 'kB', budget: budgets.openingRepeatKb },
        { label: 'reload, requests', value: reload.requests, unit: 'req' },
      ];
      return {
        title: this.title,
        measurements,
        notes: [
          'bytes as they crossed the wire (compressed, headers included), from CDP Network.loadingFinished encodedDataLength; 1280x800 viewport',
          'first screen = clicking the conversation in a signed-in app until the network is quiet (the app shell is loaded already); the reload counts the page itself too',
        ],
      };
    } finally {
      await browser.close();
      await cloud?.stop();
    }
  },
};
