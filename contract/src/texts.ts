/** Words a creator reads, shown by the backend's answers and the web app alike. */

/** What the pending assistant message says as its job moves: queued, then editing or generating. */
export const PHASE_TEXT = {
  queued: 'Processing your request...',
  editing: 'Editing your image...',
  generating: 'Generating your image...',
} as const;

/** The answer when anything unexpected fails while a request is processed. */
export const UNEXPECTED_ERROR_TEXT =
  "I'm sorry, I encountered an error while processing your request. Please try again.";

/** The answer to a send without a credit left; the checkout dialog opens with it. */
export const INSUFFICIENT_CREDITS_TEXT =
  "You don't have enough credits to generate an image. Please purchase more credits to continue.";

/** The assistant's greeting that opens every new conversation. */
export const GREETING =
  "Hi! I'm your YouTube thumbnail generator. I can create high-quality images from detailed descriptions. " +
  'Describe the thumbnail you want, attach reference images, or paste a YouTube link to get started.';

/** A conversation's title until its first prompt names it. */
export const DEFAULT_TITLE = 'New Conversation';

/** A rename to nothing but spaces is refused with this. */
export const EMPTY_TITLE_TEXT = 'A conversation needs a title.';

/** An error answer that says nothing more specific. */
export const INTERNAL_ERROR_TEXT = 'An unexpected error occurred';

/** A video link that names no video. */
export const INVALID_VIDEO_LINK_TEXT = 'Invalid YouTube URL';

/** The checkout dialog's words when a purchase can't start. */
export const CHECKOUT_FAILED_TEXT = 'Failed to process payment. Please try again.';

/** When the backend could not open a hosted checkout. */
export const CHECKOUT_SESSION_FAILED_TEXT = 'Failed to create checkout session';

/** When a returning buyer's checkout session can't be confirmed. */
export const VERIFY_SESSION_FAILED_TEXT = 'Failed to verify session';

/**
 * When one account asks for the same thing too often (the per-user limits, or the whole
 * service's throttle). `seconds` comes from the answer's `Retry-After`, when it has one.
 */
export const rateLimitedText = (seconds?: number): string =>
  seconds && seconds > 0
    ? `You're doing that too often. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`
    : "You're doing that too often. Please wait a moment and try again.";

/** When an account has the most attachments allowed waiting to be sent. */
export const TOO_MANY_PENDING_UPLOADS_TEXT =
  'Too many images are waiting to be sent. Send a message with the ones you attached, then attach more.';

/**
 * When the site has no image provider set up (no provider key, and the offline preview not turned
 * on): a send is refused before any credit is reserved, and the model picker says the same.
 */
export const NO_PROVIDER_TEXT =
  'Image generation is not set up on this site yet: no AI model is configured. No credits were used.';

/** The model picker's one entry when no provider is offered. */
export const NO_PROVIDER_OPTION_TEXT = 'No AI model set up';

/** What a message made by editing an image's text says: a new version, drawn without a model. */
export const TEXT_EDITED_TEXT = 'Text edited';
