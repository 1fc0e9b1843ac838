import type { S3Client } from '@aws-sdk/client-s3';
import { SDK_CLIENT_OPTIONS, withoutSdkLogging } from '../lib/sdk-clients';
import { requireSetting, settings } from '../lib/settings';
import { type ExpiringCredentials, getUrlLifetime, putUrlSeconds, signerCredentials } from './url-signing';

/**
 * The S3 SDK and its presigner, loaded on first use: they are the largest part of a bundle,
 * and many requests of the functions that have them (a list of conversations, the balance)
 * never touch storage, so an import of the handler does not pay for them.
 */
let loading: Promise<typeof import('./s3-sdk')> | undefined;
// Once: every import() call, even of a loaded module, goes through the module resolver again.
const sdk = () => {
  loading ??= import('./s3-sdk');
  return loading;
};

/**
 * An S3 client, with the function's own credentials unless given others. Checksums only when
 * required: presigned PUTs must not sign a checksum of an empty body (aws-sdk-js-v3#6994), and
 * s3rver can't read aws-chunked streams. Path-style is a setting for s3rver.
 */
async function newS3Client(credentials?: ExpiringCredentials): Promise<S3Client> {
  const { S3Client } = await sdk();
  return withoutSdkLogging(
    new S3Client({
      ...SDK_CLIENT_OPTIONS,
      forcePathStyle: settings().S3_FORCE_PATH_STYLE,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(credentials ? { credentials } : {}),
    }),
  );
}

let client: Promise<S3Client> | undefined;
/** The S3 client of the function's own reads and writes. */
function s3(): Promise<S3Client> {
  client ??= newS3Client();
  return client;
}

let signing: { credentials: ExpiringCredentials; client: Promise<S3Client> } | undefined;
/**
 * The client URLs are signed with and when its credentials expire (undefined: not known): the
 * signer role's when `IMAGE_SIGNER_ROLE_ARN` names one, otherwise the function's own.
 */
async function signer(): Promise<{ client: S3Client; expiration?: Date }> {
  const roleArn = settings().IMAGE_SIGNER_ROLE_ARN;
  if (!roleArn) {
    const own = await s3();
    return { client: own, expiration: (await own.config.credentials()).expiration };
  }
  const credentials = await signerCredentials(roleArn);
  if (signing?.credentials !== credentials) signing = { credentials, client: newS3Client(credentials) };
  return { client: await signing.client, expiration: credentials.expiration };
}

const bucket = () => requireSetting('IMAGES_BUCKET');

/**
 * Marks a request's body as not part of its signature (SigV4's `UNSIGNED-PAYLOAD`, which S3 takes
 * over TLS, where the connection already guards the bytes). Otherwise the signer hashes every byte
 * on the calling thread before sending: for a provider's 4 MB original, milliseconds in which the
 * job's image work could not be handed on.
 */
const unsignedPayload =
  <Args extends { request: unknown }, Output>(next: (args: Args) => Promise<Output>) =>
  (args: Args) => {
    const request = args.request as { headers?: Record<string, string> };
    if (request.headers) request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
    return next(args);
  };

/**
 * The tag of a copy no stored item names yet (a creator's photo re-encoded for a message or a
 * model): the bucket's lifecycle rule expires an object that still carries it after a day, so a
 * copy whose message or model was never stored goes even if nothing deleted it.
 */
export const PENDING_TAG = { key: 'pending', value: 'true' } as const;

/**
 * Stores an object; `pending` tags it with `PENDING_TAG`, so it expires unless `keepBlobs` is
 * called once what names it is stored.
 */
export async function putBlob(
  key: string,
  body: Uint8Array,
  contentType: string,
  options: { pending?: boolean } = {},
): Promise<void> {
  const { PutObjectCommand } = await sdk();
  const put = new PutObjectCommand({
    Bucket: bucket(),
    Key: key,
    Body: body,
    ContentType: contentType,
    ...(options.pending ? { Tagging: `${PENDING_TAG.key}=${PENDING_TAG.value}` } : {}),
  });
  put.middlewareStack.add(unsignedPayload, { step: 'build', name: 'unsignedPayload' });
  await (await s3()).send(put);
}

/**
 * Keeps objects stored `pending`: their tags are removed, so no lifecycle rule expires them. A key
 * already deleted (its message deleted meanwhile) is fine.
 */
export async function keepBlobs(keys: readonly string[]): Promise<void> {
  // A send without attachments loads no S3 SDK for nothing.
  if (!keys.length) return;
  const { PutObjectTaggingCommand } = await sdk();
  const client = await s3();
  await Promise.all(
    keys.map(async (key) => {
      try {
        await client.send(
          new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet: [] } }),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }),
  );
}

/** Deletes objects, 1000 per request (S3's limit); missing keys are fine. */
export async function deleteBlobs(keys: string[]): Promise<void> {
  const { DeleteObjectsCommand } = await sdk();
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
    await (await s3()).send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: batch, Quiet: true } }),
    );
  }
}

/** The object's bytes, or undefined when it does not exist. */
export async function getBlob(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const { GetObjectCommand } = await sdk();
  try {
    const object = await (await s3()).send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const bytes = await object.Body?.transformToByteArray();
    return bytes ? { bytes, contentType: object.ContentType ?? 'application/octet-stream' } : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The object's size, or undefined when it does not exist. */
export async function blobSize(key: string): Promise<number | undefined> {
  const { HeadObjectCommand } = await sdk();
  try {
    const head = await (await s3()).send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Whether a read failed because the key does not exist: 404, or 403, since the functions may
 * get and put objects but not list the bucket, and without that right S3 answers a missing key
 * with 403 (`AccessDenied`; a HEAD has no body to name it).
 */
const isMissing = (error: unknown) =>
  [403, 404].includes((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0);

/** What storage answers a signed GET with: the browser may keep the bytes as long as it likes. */
export const IMMUTABLE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * A GET URL, the same for every call within the signing window (with the same credentials;
 * `getUrlLifetime` says how long it works); with a filename the browser saves it under that name.
 * An object under a key never changes (keys are new ids), so a URL's bytes may be kept for good.
 */
export async function signedGetUrl(key: string, filename?: string): Promise<string> {
  const { GetObjectCommand, getSignedUrl } = await sdk();
  const { client, expiration } = await signer();
  const { signingDate, expiresIn } = getUrlLifetime(Date.now(), expiration);
  const { accessKeyId } = await client.config.credentials();
  const urls = signedThisWindow(signingDate.getTime());
  const cacheKey = `${accessKeyId}\n${key}\n${filename ?? ''}`;
  const cached = urls.get(cacheKey);
  if (cached) return cached;
  const url = await getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseCacheControl: IMMUTABLE_CACHE_CONTROL,
      ...(filename ? { ResponseContentDisposition: `attachment; filename="${filename}"` } : {}),
    }),
    { expiresIn, signingDate },
  );
  urls.set(cacheKey, url);
  return url;
}

/** At most this many signed URLs are kept (a few MB); past it the keeping starts again. */
const MAX_KEPT_URLS = 10_000;
let kept: { window: number; urls: Map<string, string> } | undefined;

/**
 * The GET URLs signed in this container in the current signing window, by credentials, key and
 * file name. Signing is deterministic within a window, so a URL signed again would be the same
 * string: a job poll answers every settled job since the oldest pending one, and signing their
 * previews again on every poll was most of its cost. A new window starts an empty map.
 */
function signedThisWindow(window: number): Map<string, string> {
  if (kept?.window !== window || kept.urls.size >= MAX_KEPT_URLS) kept = { window, urls: new Map() };
  return kept.urls;
}

/**
 * A short-lived PUT URL for a browser upload of one image. Its signature covers the
 * `Content-Type` and `Content-Length` headers, so storage takes exactly `size` bytes declared
 * as `contentType` and refuses anything else (the presigner leaves both unsigned by default).
 */
export async function signedPutUrl(key: string, contentType: string, size: number): Promise<string> {
  const { PutObjectCommand, getSignedUrl } = await sdk();
  const { client, expiration } = await signer();
  return getSignedUrl(
    client,
    new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: size }),
    {
      expiresIn: putUrlSeconds(Date.now(), expiration),
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
}
