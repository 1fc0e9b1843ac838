import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { repoPath } from './paths';

/**
 * The app's one inline script: `web/src/start-view.js`, which the build puts into index.html as it
 * is, so the first paint waits for no request (it must run before that paint). The CSP allows
 * exactly that text, by its hash; any other inline script stays blocked.
 */
export const START_VIEW_SCRIPT_HASH = `'sha256-${createHash('sha256')
  .update(readFileSync(repoPath('web', 'src', 'start-view.js')))
  .digest('base64')}'`;

/**
 * The security headers of every answer from the app's origin: CloudFront sends them in AWS
 * (the web construct's response headers policy) and the local cloud's server sends the same.
 * Plain data, so the local cloud can import it without the CDK.
 */
export const SECURITY_HEADERS = {
  /** `X-Content-Type-Options`. */
  contentTypeOptions: 'nosniff',
  /** `X-Frame-Options`: the app is never framed. */
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** `Strict-Transport-Security`, two years with subdomains; https only. */
  hsts: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true },
} as const;

/** The origins the SPA talks to beyond its own. */
export interface CspOrigins {
  /** Where Amplify calls Cognito; none when it goes through the app's own origin. */
  cognitoOrigin?: string;
  /** Where images load from and uploads go (the images bucket, or the local storage). */
  imagesOrigin?: string;
  /**
   * Where the browser calls the image providers with a creator's own key: exactly their API
   * hosts (the local cloud's configured base URLs, e.g. the fake providers in tests).
   */
  providerOrigins?: readonly string[];
}

/**
 * The SPA loads only its own code (and runs the one inline script above); it talks to Cognito,
 * the images bucket and, with a creator's own key, the image providers' APIs directly. A form
 * submits only to the app's own origin, so injected markup cannot post a creator's input elsewhere.
 */
export function contentSecurityPolicy({
  cognitoOrigin,
  imagesOrigin,
  providerOrigins = [],
}: CspOrigins): string {
  const sources = (...list: (string | undefined)[]) => list.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${START_VIEW_SCRIPT_HASH}`,
    `connect-src ${sources("'self'", cognitoOrigin, imagesOrigin, ...providerOrigins)}`,
    `img-src ${sources("'self'", 'data:', 'blob:', imagesOrigin)}`,
    "media-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers as an HTTP server sends them. `https: false` leaves out HSTS: browsers ignore it
 * over plain http, and the local cloud has no https to pin.
 */
export function securityHeaderValues(origins: CspOrigins, https: boolean): Record<string, string> {
  const { hsts } = SECURITY_HEADERS;
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    ...(https
      ? {
          'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
        }
      : {}),
  };
}
