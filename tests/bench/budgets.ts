/**
 * Performance budgets, in one place. A benchmark over its budget fails `npm run bench`.
 * Sizes are in kB of 1000 bytes, as Vite and web/scripts/check-bundle-size.mjs report them.
 * Raise a budget only with a commit that says why the extra weight is worth it.
 */
export const budgets = {
  /**
   * JavaScript the landing page loads before it can render (the entry module plus its
   * modulepreloads), gzipped: what a phone on a slow link waits for.
   */
  landingJsGzipKb: 80,
  /**
   * JavaScript the signed-in chat screen loads, gzipped: the entry, the app shell and the chat
   * screen with every chunk they import; dialogs and the sign-in form load on demand and are not counted.
   */
  chatJsGzipKb: 170,
  /**
   * Lighthouse's mobile performance score (0-100) of the landing page on the local cloud (`npm start`):
   * a floor, not a ceiling. The median of five runs, since one run on a shared machine varies.
   */
  lighthouseMobilePerformance: 98,
  /**
   * Each Lambda's minified bundle: cold starts grow with the code Node has to parse.
   * Native modules and the lazily loaded provider SDKs are not counted. The AWS SDK clients
   * are, since the bundles carry them: that raised the figures by 200-300 kB while importing
   * a bundle got 2.5-3.5 times faster than with the runtime's SDK (the cold-start section).
   */
  lambdaBundleKb: 700,
  /**
   * Importing each API function's bundle in a fresh Node process, median CPU: the share of a
   * Lambda cold start our code decides, as a multiple of a yardstick imported in the same rounds
   * (a module of fixed content shaped like a bundle). The budget is 80 ms on the 2-core dev
   * machine as it was on 23 Nov, when these imports cost 56-66 ms: that code (412efcd) costs
   * 98-120 ms on the same machine now, 1.75 times as much, and the yardstick 44 ms, so 80 ms then
   * is 3.1 yardsticks (rounded down).
   */
  lambdaImportOverYardstick: 3.1,
  /**
   * `npm start` on existing data until /api/health answers, median: the web build skipped as
   * unchanged, DynamoDB Local's JVM the longest part.
   */
  localStartMs: 5_000,
  /**
   * The backend's own time per generation, median, when the provider answers a 1536x1024
   * photo-like PNG of a few MB: from the provider's answer to the image being ready for the
   * browser (every size in S3, the credit committed). As a multiple of a yardstick timed in the
   * same run, between the jobs: that image's work (decode, previews, fallback) done in the bench's
   * own process. The budget is 100 ms on the dev machine as it was on 23 Nov, when this bench's
   * code then (412efcd) measured 97 ms: the same code measures 2.0-2.2 yardsticks now, so the
   * yardstick was about 46 ms then, and 100 ms is 2.2 yardsticks.
   */
  generationP50OverImageWork: 2.2,
  /** The same, 95th percentile: 250 ms then, 5.4 yardsticks. */
  generationP95OverImageWork: 5.4,
  /**
   * The chat's WebP previews of a provider-sized photo-like image (a hard case: detail at
   * every scale), per width: what a phone, a laptop and a 2x screen download per image.
   */
  previewWebpKb: { 480: 35, 960: 90, 1280: 140 },
  /** The recommended download, even for pure noise: far under YouTube's 2 MB. */
  youtubeJpegKb: 600,
  /**
   * The image work per generation against the previous derivation (level-6 PNG, palette
   * re-quantisation past 2 MB, 640x360 JPEG), timed in the same run.
   */
  imageDerivationTimePercent: 20,
  /**
   * 100 jobs sent at once by one user against a provider that takes 1 s each, 20 run at once (the
   * rest wait in the queue, as under the worker's concurrency in AWS), until the last has settled
   * (as the worker logs it), over the provider's time for each of the 5 rounds plus an allowance: at most 1 on
   * the 2-core local cloud (image work for all 100 shares the machine; in AWS each job has its own
   * Lambda). The allowance is 5 s
   * on the dev machine of 23 Nov, 109 of the yardstick above (46 ms then), timed just before and
   * after the burst, so a slower machine moves both sides.
   */
  burstOverProviderPlusAllowance: 1,
  /**
   * Opening a conversation of 100 generated images in the browser: everything its first screen
   * transfers (the message page, the previews on and near the screen), compressed as sent.
   */
  openingFirstScreenKb: 300,
  /** Opening it again, after another conversation or a reload of the page: the cache answers the images. */
  openingRepeatKb: 30,
} as const;
