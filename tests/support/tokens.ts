import { createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import { decodeClaims, loadSigningKey, signJwt } from '../../local/cognito/signing-key';

export const decodePayload = decodeClaims;

/** Which data folder holds the signing key of each local cloud's token issuer. */
const dataDirs = new Map<string, string>();

/** Remembers where the key of this token's cloud lives, so `resign` can use it. */
export function rememberIssuer(token: string, dataDir: string): void {
  dataDirs.set(String(decodePayload(token).iss), dataDir);
}

/**
 * Re-signs a token with changed claims using its cloud's real key (the per-install key in its
 * data folder): the folder given, the one remembered for its issuer, or the e2e run's.
 */
export function resign(token: string, changes: Record<string, unknown>, dataDir?: string): string {
  const issuer = String(decodePayload(token).iss);
  const folder = dataDir ?? dataDirs.get(issuer) ?? process.env.E2E_DATA_DIR;
  if (!folder) throw new Error(`No data folder known for ${issuer}: pass it to resign()`);
  return signJwt({ ...decodePayload(token), ...changes }, loadSigningKey(folder, false));
}

/** Signs with the key cognito-local ships in its package, as anyone who installs it could. */
export function signWithPublishedKey(token: string, changes: Record<string, unknown> = {}): string {
  const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
    pem: string;
  };
  const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }));
  const payload = b64url(JSON.stringify({ ...decodePayload(token), ...changes }));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(pem);
  return `${header}.${payload}.${b64url(signature)}`;
}
