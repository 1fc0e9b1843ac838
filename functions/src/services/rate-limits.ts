import { TOO_MANY_PENDING_UPLOADS_TEXT } from '@thumbnail-studio/contract';
import { type LimitedAction, PENDING_UPLOAD_SECONDS, rateWindow } from '../core/rate-limits';
import {
  countRequestInWindow,
  forgetPendingUploads,
  listPendingUploadExpiries,
  recordPendingUpload,
} from '../data/limits-repo';
import { RateLimitedError } from '../lib/errors';
import { settings } from '../lib/settings';

/** Each limited action's requests per minute per user, from the settings (0 turns a limit off). */
const LIMIT_SETTING = {
  sendMessage: 'RATE_LIMIT_SENDS_PER_MINUTE',
  // As many as sends, on a counter of their own: the send is counted when its answer is stored.
  prepareOwnKeySend: 'RATE_LIMIT_SENDS_PER_MINUTE',
  // A text edit stores a new image as a send does, on a counter of its own.
  editText: 'RATE_LIMIT_SENDS_PER_MINUTE',
  createUpload: 'RATE_LIMIT_UPLOADS_PER_MINUTE',
  fetchVideoThumbnail: 'RATE_LIMIT_VIDEO_THUMBNAILS_PER_MINUTE',
  createConversation: 'RATE_LIMIT_CONVERSATIONS_PER_MINUTE',
  shareImage: 'RATE_LIMIT_SHARES_PER_MINUTE',
  // As many as shares, on a counter of its own: each saved test is an item that stays.
  saveCompareTest: 'RATE_LIMIT_SHARES_PER_MINUTE',
  // As many as sends, on a counter of its own: each may call the provider's text model.
  suggestTitles: 'RATE_LIMIT_SENDS_PER_MINUTE',
  startCheckout: 'RATE_LIMIT_CHECKOUTS_PER_MINUTE',
  verifyCheckout: 'RATE_LIMIT_CHECKOUT_VERIFICATIONS_PER_MINUTE',
  storeModelPhotos: 'RATE_LIMIT_MODEL_UPLOADS_PER_MINUTE',
} as const satisfies Record<LimitedAction, string>;

/**
 * Counts one request of `action` for the user, or refuses it with a 429 that says when
 * to try again: one account cannot take the capacity every other account shares.
 */
export async function takeRateLimit(userId: string, action: LimitedAction): Promise<void> {
  const limit = settings()[LIMIT_SETTING[action]];
  if (!limit) return;
  const window = rateWindow(action, Date.now());
  if (!(await countRequestInWindow(userId, window, limit))) {
    throw new RateLimitedError(window.retryAfterSeconds);
  }
}

/**
 * Refuses a new attachment while the user already has the most allowed waiting to be sent:
 * each may hold up to the upload size limit in storage until it is used or expires.
 */
export async function ensureRoomForPendingUpload(userId: string): Promise<void> {
  const cap = settings().MAX_PENDING_UPLOADS;
  if (!cap) return;
  const expiries = await listPendingUploadExpiries(userId);
  if (expiries.length < cap) return;
  const oldest = Math.min(...expiries);
  throw new RateLimitedError(
    Math.max(1, oldest - Math.floor(Date.now() / 1000)),
    TOO_MANY_PENDING_UPLOADS_TEXT,
  );
}

/** Counts an attachment handed out (a presigned upload, a fetched video thumbnail) as pending. */
export const countPendingUpload = (userId: string, key: string) =>
  recordPendingUpload(userId, key, Math.floor(Date.now() / 1000) + PENDING_UPLOAD_SECONDS);

/** Attachments that were used no longer count against the user. */
export const releasePendingUploads = forgetPendingUploads;
