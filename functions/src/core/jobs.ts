/** Generation job rules (DESIGN decision 2). Pure values and functions. */

/** Texts the pending assistant message shows as the job moves (SPEC section 4). */
export const PHASE_TEXT = {
  queued: 'Processing your request...',
  editing: 'Editing your image...',
  generating: 'Generating your image...',
} as const;

/** Shown when anything unexpected fails while processing (SPEC section 8). */
export const UNEXPECTED_ERROR_TEXT =
  "I'm sorry, I encountered an error while processing your request. Please try again.";

/** The key of the sparse pending-jobs index; one shard is plenty at this scale. */
export const PENDING_SHARD = 'pending';

/**
 * How long a worker may hold a job before another delivery may take it over:
 * the worker Lambda's timeout (its maximum, 15 minutes).
 */
export const JOB_LEASE_MS = 15 * 60_000;

/** The message the worker receives from the queue. */
export interface JobMessage {
  jobId: string;
  conversationId: string;
  userId: string;
}

/** How many earlier image-bearing messages give context (SPEC section 9). */
export const CONTEXT_IMAGE_MESSAGES = 3;
