/**
 * `npm run demo:record`: records the real product for the landing page's demo video.
 * Starts the local cloud on fresh data, signs a demo user up, then records a prompt, the
 * pending state, the generated thumbnail and an edit; writes web/public/demo/demo.webm and
 * a poster.png cut from the same recording. Needs `npm run build -w web` first, and ffmpeg.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { repoRoot } from '../local/cloud';
import { latestCodeFor } from '../local/cognito/outbox';
import { freePort } from '../local/ports';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
const PROMPT = 'Shocked gamer in front of a volcano, big bold text "I SURVIVED"';
const EDIT = 'Make it brighter, the text yellow, and add an arrow';
const outDir = path.join(repoRoot, 'web/public/demo');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame {
  jpeg: Buffer;
  at: number; // the screencast's own timestamp, in seconds
}

function preflight() {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first (the local cloud serves it).');
  }
  // A developer tool only (CI never records), so it is not an npm dependency.
  if (spawnSync('ffmpeg', ['-version']).error) {
    throw new Error('ffmpeg is not installed: `sudo apt-get install -y ffmpeg` (or `brew install ffmpeg`).');
  }
}

/** The local cloud as the end-to-end tests start it; the provider delay keeps the pending state on screen. */
async function startCloud(port: number, dataDir: string): Promise<ChildProcess> {
  const cloud = spawn('node', ['--import', 'tsx', 'local/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOCAL_PROVIDER_DELAY_MS: '1800' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(500)) {
    if (cloud.exitCode !== null) throw new Error(`the local cloud exited with ${cloud.exitCode}`);
    const ok = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return cloud;
  }
  throw new Error('the local cloud did not answer /api/health within 2 minutes');
}

async function signUp(page: Page, dataDir: string) {
  const email = `demo-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo-password1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('demo-password1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  let code: string | undefined;
  await expect
    .poll(async () => (code = await latestCodeFor(dataDir, email)), { timeout: 15_000 })
    .toBeTruthy();
  await page.getByLabel('Confirmation code').fill(code as string);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create Thumbnails' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Assistant message' }).first()).toBeVisible();
}

/** Types like a person, sends, and waits until the image is in the chat and fully loaded. */
async function sendAndWait(page: Page, text: string, images: number) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.click();
  await box.pressSequentially(text, { delay: 40 });
  await sleep(300);
  await box.press('Enter');
  const results = page.getByRole('link', { name: 'Open full size image' });
  await expect(results).toHaveCount(images, { timeout: 30_000 });
  await expect(results.last().getByRole('img')).toHaveJSProperty('complete', true);
}

/** Encodes at a constant rate: each frame lasts until the next one, as the screencast timed them. */
async function encode(frames: Frame[], endAt: number, dir: string, out: string) {
  const lines = ['ffconcat version 1.0'];
  for (const [i, frame] of frames.entries()) {
    const name = `f${String(i).padStart(5, '0')}.jpg`;
    await writeFile(path.join(dir, name), frame.jpeg);
    const next = frames[i + 1]?.at ?? endAt;
    lines.push(`file '${name}'`, `duration ${Math.max(next - frame.at, 0.001).toFixed(4)}`);
  }
  // The concat demuxer drops the last duration unless the last file is listed once more.
  lines.push(`file 'f${String(frames.length - 1).padStart(5, '0')}.jpg'`);
  await writeFile(path.join(dir, 'frames.txt'), `${lines.join('\n')}\n`);
  const args = ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', path.join(dir, 'frames.txt')];
  args.push('-vf', `fps=${FPS},scale=${WIDTH}:${HEIGHT}`, '-an', '-c:v', 'libvpx-vp9', '-b:v', '0');
  args.push('-crf', '40', '-row-mt', '1', '-pix_fmt', 'yuv420p', out);
  const result = spawnSync('ffmpeg', args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed with ${result.status}`);
}

async function main() {
  preflight();
  const port = Number(process.env.PORT ?? (await freePort()));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'demo-data-'));
  const framesDir = await mkdtemp(path.join(os.tmpdir(), 'demo-frames-'));
  let cloud: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    cloud = await startCloud(port, dataDir);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    await page.goto(`http://localhost:${port}/`);
    await signUp(page, dataDir); // not recorded: the video starts on the chat screen

    const frames: Frame[] = [];
    let clockOffset = 0; // screencast clock minus wall clock, to time the end of the recording
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
      const at = metadata.timestamp ?? Date.now() / 1000;
      if (frames.length === 0) clockOffset = at - Date.now() / 1000;
      frames.push({ jpeg: Buffer.from(data, 'base64'), at });
      cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {}); // no ack, no next frame
    });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 80,
      maxWidth: WIDTH,
      maxHeight: HEIGHT,
    });
    await sleep(800); // a calm moment on the empty chat first
    await sendAndWait(page, PROMPT, 1);
    await sleep(1200);
    const posterIndex = frames.length - 1; // the first thumbnail, just finished
    await sendAndWait(page, EDIT, 2);
    await sleep(1500);
    // Chrome sends frames only when something changes, so the final hold is timed by the wall clock.
    const endAt = Date.now() / 1000 + clockOffset;
    await cdp.send('Page.stopScreencast');

    const posterFrame = frames[posterIndex];
    if (frames.length < 10 || !posterFrame) throw new Error(`only ${frames.length} frames were captured`);
    await mkdir(outDir, { recursive: true });
    const video = path.join(outDir, 'demo.webm');
    await encode(frames, endAt, framesDir, video);
    const poster = path.join(outDir, 'poster.png');
    await sharp(posterFrame.jpeg).resize(WIDTH, HEIGHT).png({ palette: true }).toFile(poster);
    const seconds = (endAt - (frames[0]?.at ?? endAt)).toFixed(1);
    console.log(
      `Recorded ${frames.length} frames, ${seconds} s -> ${path.relative(repoRoot, video)}, poster.png`,
    );
  } finally {
    await browser?.close().catch(() => {});
    if (cloud && cloud.exitCode === null) {
      const exited = new Promise((resolve) => cloud?.once('exit', resolve));
      cloud.kill('SIGINT'); // lets start.ts stop DynamoDB, S3 and Cognito it started
      await Promise.race([exited, sleep(15_000).then(() => cloud?.kill('SIGKILL'))]);
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(framesDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`\n  Recording the demo failed: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
