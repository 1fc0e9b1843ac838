/** The requests one account may only make so often, each counted on its own. */
export type LimitedAction =
  | 'sendMessage'
  | 'prepareOwnKeySend'
  | 'editText'
  | 'createUpload'
  | 'fetchVideoThumbnail'
  | 'createConversation'
  | 'shareImage'
  | 'saveCompareTest'
  | 'suggestTitles'
  | 'startCheckout'
  | 'verifyCheckout'
  | 'storeModelPhotos';

/** Limits count requests per fixed window of this many seconds. */
export const RATE_WINDOW_SECONDS = 60;

/** Attachments waiting to be sent live as long as storage keeps an unsent upload. */
export const PENDING_UPLOAD_SECONDS = 24 * 60 * 60;

export interface RateWindow {
  /** The item that counts this action's requests in this window. */
  sk: string;
  /** When the window ends and its count may be forgotten (epoch seconds). */
  endsAt: number;
  /** Whole seconds until the window ends: the `Retry-After` of a refusal, at least 1. */
  retryAfterSeconds: number;
}

/** The fixed window that `nowMs` falls in, for one action. */
export function rateWindow(action: LimitedAction, nowMs: number, seconds = RATE_WINDOW_SECONDS): RateWindow {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % seconds);
  const endsAt = start + seconds;
  return { sk: `rate#${action}#${start}`, endsAt, retryAfterSeconds: Math.max(1, endsAt - now) };
}

/** The item that marks an attachment as handed out and not yet used. */
export const pendingUploadSk = (key: string) => `upload#${key}`;
