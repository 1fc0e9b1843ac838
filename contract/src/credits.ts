import * as z from 'zod';

/** Each generation or edit costs this many credits. */
export const GENERATION_COST = 1;

export const creditBalanceSchema = z.object({ credits: z.number().int() });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;
