import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PARTIAL_IMAGES } from '@thumbnail-studio/contract';
import { chromium, type Page } from 'playwright-core';
import { repoPath } from '../../../infra/src/paths';
import type { Usage } from '../../../tools/cost/model';
import { type FakeOpenAI, startFakeOpenAI } from '../../fakes/openai-server';
import { makePhotoPng } from '../../fakes/photo-like';
import { callAs } from '../../support/api';
import { type RunningCloud, startCloudProcess } from '../../support/local-cloud-process';
import { signUpUser } from '../../support/users';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';
import { jobTimes, percentile, yardstick } from './generation';
import { grown, localUsage, queueIdle } from './job-counts';
import { signIn } from './opening';

/** The fake OpenAI's time to draw one image; it streams its two partials at 30% and 60% of it. */
const DRAW_MS = 10_000;
/** Jobs timed after the provider's answer, for the median. */
const TIMED_JOBS = 3;
/** DynamoDB's writing commands, as the local cloud counts them per command. */
const WRITES = ['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem'];

/** The worker's DynamoDB write requests and S3 PUTs in `usage`. */
const workerWrites = (usage: Usage) => ({
  dynamodb: WRITES.reduce((sum, command) => sum + (usage[`worker.dynamodb.${command}`] ?? 0), 0),
  puts: usage['worker.s3.PutObject'] ?? 0,
});

/**
 * Sends `prompt` to OpenAI from the chat and times, from the press of Enter, when the first
 * partial picture has been drawn on screen and when the final image has; counts the bytes each
 * partial picture's download took.
 */
async function timeInChat(page: Page, prompt: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const partialRequests = new Set<string>();
  const partialBytes: number[] = [];
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
    if (/\/partial-v\d+-\d+\.webp/.test(event.request.url)) partialRequests.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    if (partialRequests.has(event.requestId)) partialBytes.push(event.encodedDataLength);
  });
  await page.getByRole('combobox', { name: 'AI model' }).selectOption('openai');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  const started = performance.now();
  await box.press('Enter');
  const drawn = async (name: string | RegExp) => {
    await page
      .getByRole('img', { name })
      .first()
      .evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    return performance.now() - started;
  };
  const firstPartial = await drawn('Drawn so far');
  const final = await drawn(`Generated thumbnail: ${prompt}`);
  await cdp.detach();
  return { firstPartial, final, partialBytes };
}

/**
 * Issue 32's partial pictures, against the fake OpenAI drawing each image in 10 s with partials
 * at 30% and 60%: how soon the first one is on screen in Chromium next to the final image; what
 * each costs the browser's download and DynamoDB's writes; and the backend's time after the
 * provider's final answer, which partials must not lengthen.
 */
export const partials: BenchSection = {
  title: 'Partial pictures while OpenAI draws (local cloud, fake OpenAI, Chromium)',
  async run() {
    if (!existsSync(join(repoPath('web', 'dist'), 'index.html'))) {
      execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoPath(), stdio: 'inherit' });
    }
    let openai: FakeOpenAI | undefined;
    let cloud: RunningCloud | undefined;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      openai = await startFakeOpenAI();
      // What gpt-image-2 answers: a 1536x1024 photo-like PNG, the generation section's image.
      const photo = await makePhotoPng();
      openai.image(photo);
      cloud = await startCloudProcess({
        env: {
          OPENAI_API_KEY: 'bench-key',
          OPENAI_BASE_URL: openai.url,
          LOCAL_COUNT_USAGE: 'true',
          LEGIBILITY_CHECK: 'false',
          LIKENESS_CHECK: 'false',
          INITIAL_CREDITS: '20',
          LOCAL_SWEEP_INTERVAL_MS: String(60 * 60_000),
        },
      });
      const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'bench-partials');
      const api = callAs(cloud.url, user.accessToken);
      await api('getCredits');
      const { id } = (await api('createConversation', { body: {} })).body.conversation;
      let delivered = (await localUsage(cloud)).queue.delivered;
      /** One job from the API, to the end of its worker's run: what the worker asked of AWS. */
      const counted = async (content: string) => {
        const before = (await localUsage(cloud as RunningCloud)).usage;
        const sent = await api('sendMessage', { params: { id }, body: { content, provider: 'openai' } });
        if (sent.status !== 202) throw new Error(`send answered ${sent.status}`);
        delivered += 1;
        return workerWrites(grown(before, await queueIdle(cloud as RunningCloud, delivered)));
      };

      // Warm: modules and caches as a warm Lambda has them, with no wait and so no partials.
      openai.latency(0);
      await counted('Bench warm-up');
      const withoutPartials = await counted('Bench without partials');
      const outputBefore = cloud.output().length;
      openai.latency(DRAW_MS);
      const withPartials = await counted('Bench with partials');

      // A new conversation, which the app opens on: the creator's first thumbnail, with no
      // earlier image to ask the classifier about.
      await api('createConversation', { body: {} });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await signIn(page, cloud.url, user.email, user.password);
      const chat = await timeInChat(page, 'Bench partial pictures');
      await queueIdle(cloud, delivered + 1);
      delivered += 1;
      for (let i = 2; i < TIMED_JOBS; i++) await counted(`Bench timed ${i}`);
      const afterProvider = percentile(jobTimes(cloud.output().slice(outputBefore), 'after_provider_ms'), 50);
      await yardstick(photo); // warms sharp in this process
      const yardsticks: number[] = [];
      for (let i = 0; i < 5; i++) yardsticks.push(await yardstick(photo));

      const measurements: Measurement[] = [
        { label: 'first partial on screen, after send', value: chat.firstPartial, unit: 'ms' },
        { label: 'final image on screen, after send', value: chat.final, unit: 'ms' },
        {
          label: 'first partial / final image',
          value: chat.firstPartial / chat.final,
          unit: 'x',
          budget: budgets.partialFirstOverFinal,
        },
        { label: 'partial pictures downloaded', value: chat.partialBytes.length, unit: '' },
        {
          label: 'largest partial download',
          value: Math.max(0, ...chat.partialBytes) / 1000,
          unit: 'kB',
          budget: budgets.partialKb,
        },
        {
          label: 'DynamoDB writes per partial',
          value: (withPartials.dynamodb - withoutPartials.dynamodb) / PARTIAL_IMAGES,
          unit: '',
          budget: budgets.partialWrites,
        },
        {
          label: 'S3 PUTs per partial',
          value: (withPartials.puts - withoutPartials.puts) / PARTIAL_IMAGES,
          unit: '',
        },
        {
          label: `after provider with partials, p50 (${TIMED_JOBS} jobs) / yardstick`,
          value: afterProvider / percentile(yardsticks, 50),
          unit: 'x',
        },
      ];
      return {
        title: this.title,
        measurements,
        notes: [
          `the fake OpenAI draws each image in ${DRAW_MS / 1000} s and streams 2 partials at 30% and 60% of it; times from pressing Enter to the picture decoded on screen`,
          "bytes as they crossed the wire (CDP encodedDataLength); writes are the worker's DynamoDB write requests of a job with partials less those of the same job without",
          "after provider: the worker's own time from the final answer to the settle, as a multiple of the generation section's yardstick; printed, not held to a budget: a median of so few jobs moved 1.95-2.25 between runs, and the generation section's median of 50 jobs holds the same time to its budget",
        ],
      };
    } finally {
      await browser.close();
      await cloud?.stop();
      await openai?.stop();
    }
  },
};
