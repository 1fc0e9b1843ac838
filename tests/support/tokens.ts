import { createSign } from 'node:crypto';
import { createRequire } from 'node:module';

/** cognito-local's signing key is public (it ships in the package); tests use it to mint tokens. */
const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
  pem: string;
};

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Re-signs a token with changed claims using the pool's real key. */
export function resign(token: string, changes: Record<string, unknown>): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }));
  const payload = b64url(JSON.stringify({ ...decodePayload(token), ...changes }));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(pem);
  return `${header}.${payload}.${b64url(signature)}`;
}
