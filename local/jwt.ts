import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/**
 * Verifies a bearer token the way the HTTP API's Cognito JWT authorizer does:
 * signature against the pool's JWKS, issuer, expiry, an access token
 * (`token_use`) issued to our app client (`client_id`). cognito-local's issuer
 * is plain http, which `CognitoJwtVerifier` refuses, so this uses the generic
 * verifier with a fetcher that allows http.
 */
export function createLocalVerifier(issuer: string, clientId: string) {
  const httpFetcher = {
    fetch: async (uri: string) => {
      const response = await fetch(uri);
      if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
      return response.arrayBuffer();
    },
  };
  const verifier = JwtVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId }),
    },
    { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) },
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
