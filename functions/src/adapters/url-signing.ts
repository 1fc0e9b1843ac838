import { SDK_CLIENT_OPTIONS, withoutSdkLogging } from '../lib/sdk-clients';

// How long a signed URL works. Storage refuses a URL once the credentials that signed it have
// expired, whatever the URL says, so no URL is signed to outlive its credentials: what a URL
// states (`X-Amz-Date` plus `X-Amz-Expires`) is what it gets.

/**
 * GET URLs are dated at the start of the current hour and work for two, so every read within the
 * hour hands out the same URL and the browser's cache answers repeat views.
 */
export const SIGNING_WINDOW_SECONDS = 60 * 60;
const GET_URL_SECONDS = 2 * SIGNING_WINDOW_SECONDS;
/** How long a signed upload URL works. */
export const SIGNED_URL_SECONDS = 15 * 60;
/**
 * The least life a URL is signed with: assumed signing credentials with less left are replaced
 * before they sign. At least an upload URL's life, so an upload URL always gets all of it.
 */
export const MIN_URL_SECONDS = 30 * 60;

/** The start of the signing window `now` falls in. */
export const signingWindowStart = (now: number) =>
  new Date(Math.floor(now / (SIGNING_WINDOW_SECONDS * 1000)) * SIGNING_WINDOW_SECONDS * 1000);

/**
 * The date a GET URL signed at `now` carries and its life in seconds: to the end of the next
 * window, or to when the signing credentials expire if that is sooner (unknown: the window's end).
 * The life is counted from the back-dated start, so the URL ends exactly when it says.
 */
export function getUrlLifetime(
  now: number,
  credentialsExpire?: Date,
): { signingDate: Date; expiresIn: number } {
  const signingDate = signingWindowStart(now);
  const windowEnd = signingDate.getTime() + GET_URL_SECONDS * 1000;
  const end = Math.min(windowEnd, credentialsExpire?.getTime() ?? windowEnd);
  return { signingDate, expiresIn: Math.floor((end - signingDate.getTime()) / 1000) };
}

/** An upload URL's life in seconds when signed at `now`: its usual life, or less if the credentials expire sooner. */
export const putUrlSeconds = (now: number, credentialsExpire?: Date) =>
  Math.min(SIGNED_URL_SECONDS, Math.floor(((credentialsExpire?.getTime() ?? Infinity) - now) / 1000));

/** Credentials whose expiry is known. */
export interface ExpiringCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration: Date;
}

/** The session length asked of STS: an hour, the most a role assumed with a role's credentials may get. */
const SESSION_SECONDS = 60 * 60;

let held: ExpiringCredentials | undefined;
let asking: Promise<ExpiringCredentials> | undefined;
let sts: import('@aws-sdk/client-sts').STSClient | undefined;

/**
 * Credentials of the signer role `roleArn`, assumed for an hour and kept while they have at least
 * `MIN_URL_SECONDS` left. A Lambda function's own credentials come from the environment without
 * their expiry, so a URL they sign may stop working at any time before its stated end; these say
 * when they expire. Concurrent callers share one request to STS.
 */
export async function signerCredentials(roleArn: string): Promise<ExpiringCredentials> {
  if (held && held.expiration.getTime() - Date.now() >= MIN_URL_SECONDS * 1000) return held;
  asking ??= assumeRole(roleArn).finally(() => {
    asking = undefined;
  });
  held = await asking;
  return held;
}

async function assumeRole(roleArn: string): Promise<ExpiringCredentials> {
  // Loaded on first use: only a function that signs URLs needs STS, once every half hour.
  const { AssumeRoleCommand, STSClient } = await import('./sts-sdk');
  sts ??= withoutSdkLogging(new STSClient(SDK_CLIENT_OPTIONS));
  const { Credentials: credentials } = await sts.send(
    new AssumeRoleCommand({
      RoleArn: roleArn,
      RoleSessionName: 'image-urls',
      DurationSeconds: SESSION_SECONDS,
    }),
  );
  if (!credentials?.AccessKeyId || !credentials.SecretAccessKey || !credentials.Expiration) {
    throw new Error(`STS gave no credentials for ${roleArn}`);
  }
  return {
    accessKeyId: credentials.AccessKeyId,
    secretAccessKey: credentials.SecretAccessKey,
    sessionToken: credentials.SessionToken,
    expiration: credentials.Expiration,
  };
}
