import { Logger } from '@aws-lambda-powertools/logger';
import { settings } from './settings';

/** Values shaped like a key or a token: provider keys, Stripe secrets, bearer tokens and JWTs. */
const SECRET_SHAPES = [
  /sk-[A-Za-z0-9_-]{8,}/g,
  /AIza[0-9A-Za-z_-]{20,}/g,
  /(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g,
  /whsec_[A-Za-z0-9]{8,}/g,
  /Bearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g,
];
/** Longer strings are cut: image data (base64 or data URLs) never belongs in a log. */
const MAX_STRING = 2_000;

/** Masks secret-shaped values and cuts long strings in anything logged, error messages included. */
export function redact(value: string): string {
  const masked = SECRET_SHAPES.reduce((text, shape) => text.replace(shape, '[redacted]'), value);
  return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}…[${masked.length} chars]` : masked;
}

/**
 * The backend's one logger: JSON lines with the level, the Lambda request id
 * and cold start (once a handler adds its context), errors with their name,
 * message and stack. The level comes from `LOG_LEVEL`.
 */
export const logger = new Logger({
  serviceName: 'thumbnail-studio',
  logLevel: settings().LOG_LEVEL,
  jsonReplacerFn: (_key, value) => (typeof value === 'string' ? redact(value) : value),
});
