import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** The local issuer's key set, served at `<issuer>/.well-known/jwks.json`. */
export interface LocalJwks {
  keys: Record<string, unknown>[];
}

/**
 * Verifies a bearer token the way the HTTP API's Cognito JWT authorizer does:
 * signature against the pool's JWKS, issuer, expiry, an access token
 * (`token_use`) issued to our app client (`client_id`). The local issuer is
 * plain http, which `CognitoJwtVerifier` refuses, so this uses the generic
 * verifier. Its key set is the install's own key and nothing else: the fetcher
 * hands back that set instead of asking the network, so no other key (like the
 * one cognito-local publishes) is ever trusted.
 */
export function createLocalVerifier(issuer: string, clientId: string, jwks: LocalJwks) {
  const body = new TextEncoder().encode(JSON.stringify(jwks));
  const fixedFetcher = { fetch: async () => body.slice().buffer };
  const verifier = JwtVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId }),
    },
    { jwksCache: new SimpleJwksCache({ fetcher: fixedFetcher }) },
  );
  return {
    /** The verified claims, or undefined for any token the authorizer would refuse. */
    async verify(authorization: string | undefined): Promise<JwtPayload | undefined> {
      const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!token) return undefined;
      try {
        return await verifier.verify(token);
      } catch {
        return undefined;
      }
    },
  };
}
