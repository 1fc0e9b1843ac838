import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.minLength(1));

/**
 * What the generation queue carries: the pending assistant message (the job), its owner, and the
 * user's message it answers. A message queued before the request's id was carried has none; the
 * job then reads it from the job itself.
 */
export const jobMessageSchema = z.object({
  jobId: nonEmpty(),
  conversationId: nonEmpty(),
  userId: nonEmpty(),
  requestId: z.optional(nonEmpty()),
});

export type JobMessage = z.infer<typeof jobMessageSchema>;
