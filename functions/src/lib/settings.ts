import { PROVIDER_DEFAULTS } from '@thumbnail-studio/providers/defaults';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { DEFAULT_PROVIDER_CALLS_AT_ONCE, DEFAULT_WORKER_CONCURRENCY } from '../core/jobs';

// zod's small build (every Lambda imports this file; the full build costs a cold start
// several times as much), with the same English messages as the full one.
z.config(en());

/**
 * Every setting the backend reads, with its default, parsed once. In AWS the
 * CDK constructs set them; locally `npm start` sets the same names (and reads
 * `.env`). One rule for all of them: a blank value is the same as no value,
 * so `INITIAL_CREDITS=` in a copied `.env` means the default, not 0.
 */

const text = () => z.optional(z.string());
const whole = () => z.coerce.number().check(z.multipleOf(1, 'Expected an integer'));
const count = (fallback: number) => z._default(whole().check(z.minimum(0)), fallback);
const millis = (fallback: number) => z._default(whole().check(z.positive()), fallback);

/** Where the backend's resources are; each is required only by the code that uses it. */
const resourceSettings = z.object({
  CONVERSATIONS_TABLE: text(),
  MESSAGES_TABLE: text(),
  MODELS_TABLE: text(),
  CREDITS_TABLE: text(),
  LIMITS_TABLE: text(),
  SHARES_TABLE: text(),
  IMAGES_BUCKET: text(),
  /**
   * A role the function assumes to sign the bucket's URLs with credentials whose expiry it knows
   * (its own come from the environment without one); unset means its own credentials sign.
   */
  IMAGE_SIGNER_ROLE_ARN: text(),
  JOBS_QUEUE_URL: text(),
  /** The Secrets Manager secrets (see `secretGroups`); without one, its keys come from the environment. */
  PROVIDER_SECRETS_ARN: text(),
  STRIPE_SECRETS_ARN: text(),
  /**
   * Where the app is served: checkout sends buyers back to its return paths there
   * (`checkoutReturnPaths`), and a shared image's page names its picture by an absolute URL there.
   */
  APP_ORIGIN: z.optional(z.url()),
  /** Only for a Stripe stand-in (the local cloud's); unset means Stripe itself. */
  STRIPE_API_URL: z.optional(z.url()),
  /** s3rver only speaks path-style URLs. */
  S3_FORCE_PATH_STYLE: z._default(z.stringbool(), false),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
});

/** Product rules an operator may tune. */
const productSettings = z.object({
  /** Credits every new user gets once. */
  INITIAL_CREDITS: count(3),
  /** A job not settled this long after it was sent is refunded by the sweeper (past every retry). */
  JOB_STUCK_AFTER_MS: millis(60 * 60_000),
  /**
   * How long the worker gives one job, classification and generation together, before it
   * refunds the job itself; a little under the worker Lambda's 10-minute timeout.
   */
  JOB_DEADLINE_MS: millis(9 * 60_000),
  /**
   * How long a failed delivery of a job waits before the queue delivers it again: about a minute,
   * so a transient failure costs the creator a short wait, not the queue's whole visibility
   * timeout (set long so that a live run is never delivered twice).
   */
  JOB_RETRY_DELAY_SECONDS: count(60),
  /**
   * Image provider calls at once across every worker: each job calls its variations at most its
   * share of this at a time (`providerCallsPerJob`), so a burst stays within the provider's limits.
   */
  PROVIDER_CALLS_AT_ONCE: z._default(whole().check(z.minimum(1)), DEFAULT_PROVIDER_CALLS_AT_ONCE),
  /** Workers that may run at once (CDK's `workerConcurrency`, the local cloud's `LOCAL_WORKER_CONCURRENCY`). */
  WORKER_CONCURRENCY: z._default(whole().check(z.minimum(1)), DEFAULT_WORKER_CONCURRENCY),
  /** Per-user limits, per minute (0 turns one off): sends, presigned uploads, video thumbnails, new conversations, shares. */
  RATE_LIMIT_SENDS_PER_MINUTE: count(20),
  RATE_LIMIT_UPLOADS_PER_MINUTE: count(60),
  RATE_LIMIT_VIDEO_THUMBNAILS_PER_MINUTE: count(20),
  RATE_LIMIT_CONVERSATIONS_PER_MINUTE: count(20),
  /** Public links one user may make per minute. */
  RATE_LIMIT_SHARES_PER_MINUTE: count(20),
  /**
   * Checkouts opened, and checkouts verified, per user and minute: each is a call to Stripe,
   * whose own rate limit the whole site shares.
   */
  RATE_LIMIT_CHECKOUTS_PER_MINUTE: count(10),
  RATE_LIMIT_CHECKOUT_VERIFICATIONS_PER_MINUTE: count(30),
  /** New models and photo additions to a model, per user and minute: each re-encodes up to 20 photos. */
  RATE_LIMIT_MODEL_UPLOADS_PER_MINUTE: count(20),
  /** Models (saved people, up to 20 photos each, kept until deleted) one user may keep (0: no cap). */
  MAX_MODELS_PER_USER: count(50),
  /** Attachments one user may have handed out and not yet sent (0: no cap); each holds up to 10 MB. */
  MAX_PENDING_UPLOADS: count(40),
  /**
   * Read each new thumbnail's text back by OCR after its job settled (no credit, no delay to the
   * image; a couple of seconds of the worker's CPU). Off, messages carry no legibility verdict.
   */
  LEGIBILITY_CHECK: z._default(z.stringbool(), true),
  /**
   * Find the faces in each new thumbnail after its job settled and, when people were featured,
   * score their likeness against their photos (no credit, no delay to the image; a second or two
   * of the worker's CPU). Off, messages carry no faces and no likeness.
   */
  LIKENESS_CHECK: z._default(z.stringbool(), true),
});

/** The image providers; model ids are settings because vendors retire models. */
export const providerSettingsSchema = z.object({
  OPENAI_BASE_URL: z._default(z.url(), PROVIDER_DEFAULTS.OPENAI_BASE_URL),
  OPENAI_IMAGE_MODEL: z._default(z.string(), PROVIDER_DEFAULTS.OPENAI_IMAGE_MODEL),
  OPENAI_CLASSIFIER_MODEL: z._default(z.string(), PROVIDER_DEFAULTS.OPENAI_CLASSIFIER_MODEL),
  GEMINI_BASE_URL: z._default(z.url(), PROVIDER_DEFAULTS.GEMINI_BASE_URL),
  GEMINI_IMAGE_MODEL: z._default(z.string(), PROVIDER_DEFAULTS.GEMINI_IMAGE_MODEL),
  GEMINI_CLASSIFIER_MODEL: z._default(z.string(), PROVIDER_DEFAULTS.GEMINI_CLASSIFIER_MODEL),
  /** Per attempt: 10 minutes, 2 retries, back-off from 0.5 s up to 8 s. */
  PROVIDER_TIMEOUT_MS: millis(PROVIDER_DEFAULTS.PROVIDER_TIMEOUT_MS),
  PROVIDER_MAX_RETRIES: count(PROVIDER_DEFAULTS.PROVIDER_MAX_RETRIES),
  PROVIDER_RETRY_INITIAL_MS: millis(PROVIDER_DEFAULTS.PROVIDER_RETRY_INITIAL_MS),
  PROVIDER_RETRY_MAX_MS: millis(PROVIDER_DEFAULTS.PROVIDER_RETRY_MAX_MS),
  /** The classifier gets one attempt this long: a request it can't classify in time is a new image. */
  CLASSIFIER_TIMEOUT_MS: millis(PROVIDER_DEFAULTS.CLASSIFIER_TIMEOUT_MS),
  /**
   * Offer the offline provider (placeholder images composed with sharp, no AI) when no provider key
   * is set. On for the local cloud; the CDK stack sets it off unless the operator turns it on.
   */
  OFFLINE_PROVIDER: z._default(z.stringbool(), true),
  /** The offline provider waits this long before answering, to show a job in flight (0: no wait). */
  LOCAL_PROVIDER_DELAY_MS: count(0),
  /** While this file exists, the offline provider holds its answers (tests that watch a job in flight). */
  LOCAL_PROVIDER_HOLD_FILE: text(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/**
 * How long one request for a video thumbnail may take. Up to three sizes are tried one after
 * another, and the uploads function's timeout is sized from this (infra/src/constructs/api.ts).
 */
export const VIDEO_THUMBNAIL_TIMEOUT_MS = 3_000;

/** Video thumbnails: `${base}/${videoId}/maxresdefault.jpg`; tests point the base at a fake host. */
export const videoThumbnailSettingsSchema = z.object({
  VIDEO_THUMBNAIL_BASE_URL: z._default(z.url(), 'https://i.ytimg.com/vi'),
  VIDEO_THUMBNAIL_TIMEOUT_MS: millis(VIDEO_THUMBNAIL_TIMEOUT_MS),
  VIDEO_THUMBNAIL_MAX_BYTES: millis(5 * 1024 * 1024),
  /**
   * A linked video's own title, the starting point of its title ideas, is read from the video
   * site's oEmbed endpoint (`?url=<watch link>&format=json`); tests point it at a fake host. Only
   * the video site's hosts and this URL's origin are contacted. Short limits: the title ideas'
   * request waits for it, and goes on without it on any failure.
   */
  VIDEO_OEMBED_URL: z._default(z.url(), 'https://www.youtube.com/oembed'),
  VIDEO_OEMBED_TIMEOUT_MS: millis(2_000),
  VIDEO_OEMBED_MAX_BYTES: millis(64 * 1024),
});

/**
 * Keys, in two groups so each function reads only the keys it needs: in AWS one Secrets Manager
 * secret per group (its ARN in `arnVar`); where that is unset (the local cloud), the environment.
 */
export const secretGroups = {
  providers: {
    arnVar: 'PROVIDER_SECRETS_ARN',
    schema: z.object({ OPENAI_API_KEY: text(), GEMINI_API_KEY: text() }),
  },
  stripe: {
    arnVar: 'STRIPE_SECRETS_ARN',
    schema: z.object({ STRIPE_SECRET_KEY: text(), STRIPE_WEBHOOK_SECRET: text() }),
  },
} as const;
export type SecretGroup = keyof typeof secretGroups;
export type SecretsOf<G extends SecretGroup> = z.infer<(typeof secretGroups)[G]['schema']>;

export const backendSettingsSchema = z.object({
  ...resourceSettings.shape,
  ...productSettings.shape,
  ...providerSettingsSchema.shape,
  ...videoThumbnailSettingsSchema.shape,
});
export type Settings = z.infer<typeof backendSettingsSchema>;

export class SettingsError extends Error {}

/** The one blank rule: strings are trimmed, and a blank one counts as unset. */
export const withoutBlanks = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      return [key, trimmed === '' ? undefined : trimmed];
    }),
  );

/**
 * Parses settings with the blank rule, failing with the name of the first bad variable. Only the
 * schema's own names are read from `values`: the environment holds far more, and each read of
 * `process.env` is a call into the runtime (a job parses its provider settings every time).
 */
export function parseSettings<T extends z.ZodMiniObject>(
  schema: T,
  values: Record<string, unknown>,
): z.infer<T> {
  const own = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, values[name]]));
  const parsed = z.safeParse(schema, withoutBlanks(own));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new SettingsError(`Invalid setting ${String(issue?.path[0])}: ${issue?.message}`);
}

let current: Settings | undefined;

/** The backend's settings from the environment, parsed on first use. */
export function settings(): Settings {
  current ??= parseSettings(backendSettingsSchema, process.env);
  return current;
}

type OptionalSetting = {
  [K in keyof Settings]-?: undefined extends Settings[K] ? K : never;
}[keyof Settings];

/** A setting the calling code cannot work without; its absence names the variable. */
export function requireSetting(name: OptionalSetting): string {
  const value = settings()[name];
  if (value === undefined) throw new SettingsError(`Missing required environment variable ${name}`);
  return value;
}
