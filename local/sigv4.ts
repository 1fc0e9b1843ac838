import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/** The one key pair the local services accept, the one the local cloud gives the Lambdas. */
export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What of an HTTP request a signature covers. */
export interface SignedRequest {
  method: string;
  /** Path and query exactly as received (`req.url`). */
  url: string;
  headers: IncomingHttpHeaders;
  /** Needed when the payload hash is not in `x-amz-content-sha256` (SQS signs its body). */
  body?: Buffer;
}

type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The hash interface the signer asks for, over node:crypto. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const MAX_SKEW_MS = 15 * 60_000;
const CREDENTIAL = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;
const PRESIGN_PARAMS = ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-expires'];

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** `20240102T030405Z` as a Date. */
function amzDate(value: string | undefined): Date | undefined {
  const m = value?.match(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
}

/** Query parameters decoded the way SigV4 encodes them (`+` is a plus, not a space). */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of search.split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split(/=(.*)/s).map(decodeURIComponent);
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const pickHeaders = (headers: IncomingHttpHeaders, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, String(headers[name] ?? '')]));

/**
 * Checks an AWS Signature Version 4 the way AWS does: it recomputes the signature with the
 * local secret (with the AWS SDK's own signer) over the signed headers, path and query, and
 * compares in constant time. Both the `Authorization` header and presigned URLs
 * (`X-Amz-Signature`) count; a request with neither is not signed.
 */
export async function isSignedBy(
  request: SignedRequest,
  credentials: LocalCredentials,
  service: string,
  now = new Date(),
): Promise<boolean> {
  const [path = '/', search = ''] = request.url.split(/\?(.*)/s);
  const query = parseQuery(search);
  const header = String(request.headers.authorization ?? '').match(AUTHORIZATION);
  const presigned = Object.keys(query).find((key) => key.toLowerCase() === 'x-amz-signature');
  if (header && presigned) return false;
  const [credential, signedHeaderList, signature] = header
    ? header.slice(1)
    : presigned
      ? [first(query['X-Amz-Credential']), first(query['X-Amz-SignedHeaders']), first(query[presigned])]
      : [];
  const scope = credential?.match(CREDENTIAL);
  const date = amzDate(header ? String(request.headers['x-amz-date'] ?? '') : first(query['X-Amz-Date']));
  if (!scope || !signature || !signedHeaderList || !date) return false;
  const [, accessKeyId, day, region = '', scopeService] = scope;
  if (accessKeyId !== credentials.accessKeyId || scopeService !== service) return false;
  if (day !== date.toISOString().slice(0, 10).replaceAll('-', '')) return false;
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return false;

  const signer = new SignatureV4({
    credentials,
    region,
    service,
    sha256: Sha256,
    // S3 signs the path as sent; other services escape it once more.
    uriEscapePath: service !== 's3',
    applyChecksum: false,
  });
  const base = { method: request.method, protocol: 'http:', hostname: 'local', path };
  const options = { signingDate: date, signingRegion: region, signableHeaders: new Set(signedHeaders) };

  if (header) {
    if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) return false;
    const signed = await signer.sign(
      { ...base, query, headers: pickHeaders(request.headers, signedHeaders), body: request.body },
      options,
    );
    const expected = String(signed.headers.authorization).match(AUTHORIZATION);
    return expected?.[2] === signedHeaderList && sameHex(expected[3] ?? '', signature);
  }

  const expiresIn = Number(first(query['X-Amz-Expires']));
  if (!(expiresIn > 0) || now.getTime() > date.getTime() + expiresIn * 1000) return false;
  if (date.getTime() - now.getTime() > MAX_SKEW_MS) return false;
  const rest = Object.fromEntries(
    Object.entries(query).filter(
      ([key]) => ![...PRESIGN_PARAMS, 'x-amz-signedheaders', 'x-amz-signature'].includes(key.toLowerCase()),
    ),
  );
  // The payload hash travels in the query (UNSIGNED-PAYLOAD); the signer reads it from a header
  // and puts it back in the query under the same name.
  const headers = pickHeaders(request.headers, signedHeaders);
  const hashKey = Object.keys(rest).find((key) => key.toLowerCase() === 'x-amz-content-sha256');
  if (hashKey) {
    headers[hashKey] = String(first(rest[hashKey]));
    delete rest[hashKey];
  }
  const signed = await signer.presign(
    { ...base, query: rest, headers },
    { ...options, expiresIn, unhoistableHeaders: new Set(signedHeaders) },
  );
  const expected = signed.query ?? {};
  return (
    expected['X-Amz-SignedHeaders'] === signedHeaderList &&
    sameHex(String(expected['X-Amz-Signature']), signature)
  );
}

/**
 * Checks the fields of a browser POST upload (a presigned POST): the policy must be signed
 * with the local secret and not expired. Its other conditions are left to the storage itself.
 */
export async function isSignedPostPolicy(
  fields: Record<string, string>,
  credentials: LocalCredentials,
  now = new Date(),
): Promise<boolean> {
  const policy = fields.policy;
  const signature = fields['x-amz-signature'];
  const scope = fields['x-amz-credential']?.match(CREDENTIAL);
  const date = amzDate(fields['x-amz-date']);
  if (!policy || !signature || !scope || !date || fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256')
    return false;
  const [, accessKeyId, , region = '', service = ''] = scope;
  if (accessKeyId !== credentials.accessKeyId || service !== 's3') return false;
  try {
    const { expiration } = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
      expiration?: string;
    };
    if (!expiration || !(Date.parse(expiration) > now.getTime())) return false;
  } catch {
    return false;
  }
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256 });
  const expected = await signer.sign(policy, {
    signingDate: date,
    signingRegion: region,
    signingService: service,
  });
  return /^[0-9a-f]{64}$/.test(signature) && sameHex(expected, signature);
}
