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
  landingJsGzipKb: 90,
  /**
   * Each Lambda's minified bundle: cold starts grow with the code Node has to parse.
   * Native modules and the lazily loaded provider SDKs are not counted. The AWS SDK clients
   * are, since the bundles carry them: that raised the figures by 200-300 kB while importing
   * a bundle got 2.5-3.5 times faster than with the runtime's SDK (the cold-start section).
   */
  lambdaBundleKb: 700,
  /**
   * Importing each API function's bundle in a fresh Node process, median: the share of a
   * Lambda cold start our code decides. Absolute, on the 2-core dev machine; the bench also
   * prints each as a multiple of an empty module's import from the same rounds.
   */
  lambdaImportMs: 80,
  /**
   * `npm start` on existing data until /api/health answers, median: the web build skipped as
   * unchanged, DynamoDB Local's JVM the longest part.
   */
  localStartMs: 5_000,
  /**
   * The backend's own time per generation, median: from the provider's answer to the image
   * being ready for the browser (three sizes in S3, the credit committed).
   */
  generationP50Ms: 300,
  /**
   * 100 jobs at once against a provider that takes 1 s each, all settled, on the 2-core
   * local cloud (image work for all 100 shares the machine; in AWS each job has its own Lambda).
   */
  concurrentJobsWallMs: 20_000,
} as const;
