import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/** Time-ordered ids: a messages Query on the id sort key returns them oldest first. */
export const newId: () => string = monotonicFactory();

/** Bytes of randomness in a public link's token: 192 bits, far past guessing. */
export const SHARE_TOKEN_BYTES = 24;

/** A new public link's token: random, URL-safe (base64url), 32 characters. */
export const newShareToken = (): string => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
