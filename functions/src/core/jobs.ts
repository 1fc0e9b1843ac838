/** Generation job rules: pure values. A job is the pending assistant message that answers a send. */

/** The key of the sparse pending-jobs index; one shard is plenty at this scale. */
export const PENDING_SHARD = 'pending';

/**
 * How long a worker may hold a job before another delivery may take it over:
 * Lambda's longest possible run (15 minutes), longer than the worker's own
 * timeout, so a lease only runs out once its worker is surely gone.
 */
export const JOB_LEASE_MS = 15 * 60_000;

/** Images of at most this many earlier image-bearing messages give the provider context. */
export const CONTEXT_IMAGE_MESSAGES = 3;

/**
 * The classifier sees at most this many of the conversation's latest messages
 * (the request among them): enough to tell an edit from a new image, and the
 * worker reads no more of a long conversation than this and the context images need.
 */
export const CLASSIFIER_TURNS = 20;
