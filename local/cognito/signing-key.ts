import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The RSA key this install signs Cognito tokens with, and the public half the API trusts. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public key as a JWK, the one entry of the local JWKS. */
  publicJwk: Record<string, unknown>;
}

export const signingKeyFile = (dataDir: string) => path.join(dataDir, 'signing-key.json');

/**
 * The key in `<dataDir>/signing-key.json`, made on first use (RSA 2048) and kept, so tokens
 * survive a restart. cognito-local ships its own private key in its package, so anyone could
 * mint tokens with it: this one exists on this machine only, readable by its owner only.
 */
export function loadSigningKey(dataDir: string, create = true): SigningKey {
  const file = signingKeyFile(dataDir);
  let pem: string;
  try {
    pem = (JSON.parse(readFileSync(file, 'utf8')) as { privateKeyPem: string }).privateKeyPem;
  } catch (error) {
    if (!create || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(file, `${JSON.stringify({ privateKeyPem: pem }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  const privateKey = createPrivateKey(pem);
  const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' });
  // RFC 7638 thumbprint: the same key always gets the same id.
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return { kid, privateKey, publicJwk: { kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' } };
}

const b64url = (value: string) => Buffer.from(value).toString('base64url');

/** An RS256 JWT of these claims, signed with the install's key. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const signed = `${b64url(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), key.privateKey).toString('base64url')}`;
}

/** The claims of a JWT, unverified (the caller made it or checks it elsewhere). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
