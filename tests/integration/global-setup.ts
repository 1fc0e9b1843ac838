import type { TestProject } from 'vitest/node';
import { startVideoImageHost } from '../fakes/video-image-host';
import { queueStats } from '../support/jobs';
import { runReconcileCommand } from '../support/ledger';
import {
  type RunningCloud,
  type RuntimeInfo,
  startCloudProcess,
  WITHOUT_IMAGE_CHECKS,
} from '../support/local-cloud-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    runtime: RuntimeInfo;
    /** A video whose oEmbed title the fake video site serves to the cloud (`VIDEO_OEMBED_URL`). */
    linkedVideo: { id: string; title: string };
  }
}

/** How long the end-of-run check waits for jobs still in the queue. */
const QUEUE_IDLE_WAIT_MS = 5_000;

/** Waits until the local queue has nothing waiting or running; false if it stays busy. */
async function queueGoesIdle(url: string): Promise<boolean> {
  const deadline = Date.now() + QUEUE_IDLE_WAIT_MS;
  for (;;) {
    const queue = await queueStats(url);
    if (queue.in_flight === 0 && queue.waiting === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * After the whole run, the ledger of every user the tests made must reconcile: each reserve
 * committed or refunded exactly once, each balance equal to its entries. With the queue idle no
 * job may still be unsettled, so the grace period is 0; a queue still busy gets a minute.
 */
async function ledgerReconciles(cloud: RunningCloud): Promise<boolean> {
  const idle = await queueGoesIdle(cloud.url);
  const graceMinutes = idle ? '0' : '1';
  const { code, output } = await runReconcileCommand(cloud.dataDir, ['--grace-minutes', graceMinutes]);
  if (code === 0) {
    console.log(`\nEnd-of-run ledger check: ${output.trim().split('\n').join(' ')}`);
    return true;
  }
  console.error(`\nThe credit ledger does not reconcile after the integration run:\n${output}`);
  return false;
}

/** The one video the fake video site knows: its oEmbed title starts the title ideas of a conversation linking it. */
const LINKED_VIDEO = { id: 'dQw4w9WgXcQ', title: 'Building My Dream Cabin in the Woods' };

/**
 * One local cloud for the whole integration run, on a free port with a fresh data folder, and the
 * fake video site's oEmbed endpoint it reads linked videos' titles from.
 * Its INITIAL_CREDITS is blank, as in a copied `.env`: a blank setting means the default,
 * so every new user still gets the 3 credits the tests count on. The checks after each image are
 * off (WITHOUT_IMAGE_CHECKS): their tests start clouds of their own with them on.
 */
export default async function setup(project: TestProject) {
  const videoSite = await startVideoImageHost();
  videoSite.serveTitle(LINKED_VIDEO.id, LINKED_VIDEO.title);
  const cloud = await startCloudProcess({
    env: { INITIAL_CREDITS: '', ...WITHOUT_IMAGE_CHECKS, VIDEO_OEMBED_URL: videoSite.oembedUrl },
  });
  project.provide('baseUrl', cloud.url);
  project.provide('linkedVideo', LINKED_VIDEO);
  project.provide('dataDir', cloud.dataDir);
  project.provide('runtime', cloud.runtime);
  return async () => {
    // Vitest only logs what a teardown throws, and exits with process.exitCode. So the run is
    // marked failed first and given back its earlier code only once the ledger reconciles:
    // a finding, a crash of the check or a teardown that runs out of time all fail the run.
    const exitCodeBefore = process.exitCode;
    process.exitCode = 1;
    try {
      if (await ledgerReconciles(cloud)) process.exitCode = exitCodeBefore;
    } finally {
      await Promise.all([cloud.stop(), videoSite.stop()]);
    }
  };
}
