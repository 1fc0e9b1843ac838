import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditPackage } from '@thumbnail-studio/contract';
import { creditsToTakeBack, ledgerKeys, ledgerReasons } from '../core/credits';
import { ddb } from '../lib/clients';
import { balanceChange, creditsTable, ledgerEntry, readBalance } from './credit-items';
import { TransactionFailedError, transact } from './dynamo';

/** How often a take-back re-reads a balance that keeps moving under it before giving up. */
const MAX_TAKE_BACK_ATTEMPTS = 10;

/** The credits a checkout session added, or undefined when it has not been granted. */
export async function getPurchaseGrant(userId: string, sessionId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: creditsTable(),
      Key: { user_id: userId, sk: ledgerKeys.purchase(sessionId).grant },
      ConsistentRead: true,
    }),
  );
  return Item ? Number(Item.amount) : undefined;
}

/**
 * Adds a paid checkout session's credits to the buyer's balance with its
 * purchase entry, once per session however often and however concurrently
 * it is called. True when this call granted them, false when they already were.
 */
export async function grantPurchase(input: {
  userId: string;
  sessionId: string;
  pkg: CreditPackage;
  paymentIntent?: string;
}): Promise<boolean> {
  try {
    await transact({
      balance: balanceChange(input.userId, input.pkg.credits, { expression: 'attribute_exists(credits)' }),
      purchase: ledgerEntry(
        input.userId,
        ledgerKeys.purchase(input.sessionId).grant,
        input.pkg.credits,
        ledgerReasons.purchase(input.pkg),
        undefined,
        { session_id: input.sessionId, package_id: input.pkg.id, payment_intent: input.paymentIntent },
      ),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError && error.failed.has('purchase')) return false;
    throw error;
  }
}

/**
 * Takes back what a refunded checkout session bought, never below zero, once:
 * the balance is read and changed on condition it is still what was read, so
 * a generation racing the refund is never overdrawn. Returns the credits taken
 * (0 when the session was never granted or was already taken back).
 */
export async function takeBackPurchase(input: { userId: string; sessionId: string; pkg?: CreditPackage }) {
  const keys = ledgerKeys.purchase(input.sessionId);
  for (let attempt = 0; attempt < MAX_TAKE_BACK_ATTEMPTS; attempt++) {
    const purchased = await getPurchaseGrant(input.userId, input.sessionId);
    const balance = await readBalance(input.userId);
    if (purchased === undefined || balance === undefined) return 0;
    const taken = creditsToTakeBack(purchased, balance);
    try {
      await transact({
        balance: balanceChange(input.userId, -taken, {
          expression: 'credits = :read',
          values: { ':read': balance },
        }),
        paymentRefund: ledgerEntry(
          input.userId,
          keys.paymentRefund,
          -taken,
          ledgerReasons.paymentRefund(input.pkg),
          undefined,
          { session_id: input.sessionId },
        ),
      });
      return taken;
    } catch (error) {
      if (!(error instanceof TransactionFailedError)) throw error;
      if (error.failed.has('paymentRefund')) return 0;
      // The balance moved between the read and the write: read again.
    }
  }
  throw new Error(`the balance of ${input.userId} kept changing; the take-back will be retried`);
}
