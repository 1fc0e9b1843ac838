import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.minLength(1));

/** What the generation queue carries: the pending assistant message (the job) and its owner. */
export const jobMessageSchema = z.object({
  jobId: nonEmpty(),
  conversationId: nonEmpty(),
  userId: nonEmpty(),
});

export type JobMessage = z.infer<typeof jobMessageSchema>;
