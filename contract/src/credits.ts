import * as z from 'zod/mini';
import { CREDIT_PACKAGES, type CreditPackageId } from './packages';

/** Each generation or edit costs this many credits. */
export const GENERATION_COST = 1;

export const creditBalanceSchema = z.object({ credits: z.int() });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

export const creditPackageIdSchema = z.enum(
  CREDIT_PACKAGES.map((pkg) => pkg.id) as [CreditPackageId, ...CreditPackageId[]],
  { message: 'Unknown credit package' },
);

/** What kind of change a ledger entry records. */
export const ledgerKindSchema = z.enum(['initial', 'purchase', 'generation', 'refund', 'payment_refund']);

/** One line of the credit history: a change of the balance, with its cause. */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  /** Credits added (positive) or taken (negative); 0 for a reserved credit that was spent. */
  amount: z.int(),
  /** What the creator reads, e.g. 'Image generation or edit: A cat astronaut'. */
  reason: z.string(),
  created_at: z.string(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** The caller's ledger, newest first, one page at a time; `balance` always equals the sum of every entry. */
export const creditHistorySchema = z.object({
  balance: z.int(),
  entries: z.array(creditHistoryEntrySchema),
  /** Pass as `?cursor=` for the next (older) page; absent on the last page. */
  next_cursor: z.optional(z.string()),
});
export type CreditHistory = z.infer<typeof creditHistorySchema>;
