import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { LOCAL_CLOUD_LOG } from './tests/e2e/support/local-cloud-log';
import { providerHoldFile } from './tests/e2e/support/provider-hold';

// One local cloud for the run, with fresh data; workers inherit these from the runner.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `thumbnail-studio-e2e-${Date.now()}`);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.E2E_VIDEO_HOST_PORT ??= '3101';
// The one video the fake image host knows; the tests paste links to it.
process.env.E2E_VIDEO_ID ??= 'dQw4w9WgXcQ';
// The offline provider answers at once; a test that watches a job in flight holds the answers
// (support/provider-hold.ts) for as long as it needs, instead of every job waiting a fixed time.
process.env.E2E_PROVIDER_DELAY_MS ??= '0';
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const videoHost = `http://127.0.0.1:${process.env.E2E_VIDEO_HOST_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser download is not available here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      // Its output is kept in the data folder too, so a test can read what the backend logged.
      command: `bash -c 'mkdir -p "$DATA_DIR" && exec node --import tsx local/start.ts > >(tee -a "$DATA_DIR/${LOCAL_CLOUD_LOG}") 2> >(tee -a "$DATA_DIR/${LOCAL_CLOUD_LOG}" >&2)'`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: process.env.E2E_PORT,
        DATA_DIR: process.env.E2E_DATA_DIR,
        VIDEO_THUMBNAIL_BASE_URL: `${videoHost}/vi`,
        VIDEO_OEMBED_URL: `${videoHost}/oembed`,
        // The fake providers, which the browser calls with a creator's own key (the server has none).
        OPENAI_BASE_URL: `${videoHost}/openai/v1`,
        GEMINI_BASE_URL: `${videoHost}/gemini`,
        LOCAL_PROVIDER_DELAY_MS: process.env.E2E_PROVIDER_DELAY_MS,
        LOCAL_PROVIDER_HOLD_FILE: providerHoldFile(process.env.E2E_DATA_DIR),
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx tests/fakes/serve-e2e-fakes.ts',
      url: `${videoHost}/vi/${process.env.E2E_VIDEO_ID}/maxresdefault.jpg`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { VIDEO_HOST_PORT: process.env.E2E_VIDEO_HOST_PORT, VIDEO_HOST_IDS: process.env.E2E_VIDEO_ID },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
