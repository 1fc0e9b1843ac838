import * as z from 'zod';

/** What the generation queue carries: the pending assistant message (the job) and its owner. */
export const jobMessageSchema = z.object({
  jobId: z.string().min(1),
  conversationId: z.string().min(1),
  userId: z.string().min(1),
});

export type JobMessage = z.infer<typeof jobMessageSchema>;
