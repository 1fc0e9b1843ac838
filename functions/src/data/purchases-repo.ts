import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditPackage } from '@thumbnail-studio/contract';
import { ledgerKeys, ledgerReasons } from '../core/credits';
import {
  creditsOwedBack,
  noReturns,
  type PaymentReturns,
  sameReturns,
  type TakeBackState,
  takeBackChange,
} from '../core/payment-returns';
import { ddb } from '../lib/sdk-clients';
import { accountOpening, balanceChange, creditsTable, ledgerEntry, readBalance } from './credit-items';
import { TransactionFailedError, transact } from './dynamo';

/** How often a change re-reads a payment or balance that keeps moving under it before giving up. */
const MAX_ATTEMPTS = 10;

/**
 * One checkout session's payment, beside its buyer's ledger: the money reported going back,
 * the credits granted (once granted) and how far they followed the money. `version` guards
 * every change, so a grant and a refund racing each other apply one after the other.
 * It carries no `created_at`, so the credit history (an index on it) never lists it.
 */
interface PaymentItem extends TakeBackState {
  returns: PaymentReturns;
  granted?: number;
  /** How many take-back entries the payment has written: the next one's number is one more. */
  takeBacks: number;
  version: number;
}

const paymentKey = (userId: string, sessionId: string) => ({ user_id: userId, sk: `payment#${sessionId}` });

const getItem = async (key: Record<string, string>) =>
  (await ddb.send(new GetCommand({ TableName: creditsTable(), Key: key, ConsistentRead: true }))).Item;

async function readPayment(userId: string, sessionId: string): Promise<PaymentItem | undefined> {
  return (await getItem(paymentKey(userId, sessionId))) as PaymentItem | undefined;
}

/** A transaction item that stores the payment's next version, on condition nobody wrote it meanwhile. */
function paymentWrite(
  userId: string,
  sessionId: string,
  payment: Omit<PaymentItem, 'version'>,
  read?: PaymentItem,
) {
  const version = (read?.version ?? 0) + 1;
  return {
    Put: {
      TableName: creditsTable(),
      Item: { ...paymentKey(userId, sessionId), ...payment, version, updated_at: new Date().toISOString() },
      ConditionExpression: read ? 'version = :read' : 'attribute_not_exists(sk)',
      ...(read ? { ExpressionAttributeValues: { ':read': read.version } } : {}),
    },
  };
}

/** The credits a checkout session added, net of what followed its money back; undefined before its grant. */
export async function getPurchaseCredits(userId: string, sessionId: string): Promise<number | undefined> {
  const [grant, payment] = await Promise.all([
    getItem({ user_id: userId, sk: ledgerKeys.purchase(sessionId).grant }),
    readPayment(userId, sessionId),
  ]);
  return grant ? Number(grant.amount) - (payment?.taken ?? 0) : undefined;
}

/**
 * Adds a paid checkout session's credits to the buyer's balance with its
 * purchase entry, once per session however often and however concurrently
 * it is called. Money already reported going back is taken in the same
 * transaction, as its own take-back entry: the purchase adds only the share
 * the merchant kept, as if the grant had come first. A buyer without an
 * account yet has it opened (with `initialCredits`) in that same transaction,
 * so a fulfilment opens the balance at most once, and only where it grants.
 * True when this call granted, false when the session already was.
 */
export async function grantPurchase(input: {
  userId: string;
  sessionId: string;
  pkg: CreditPackage;
  paymentIntent?: string;
  initialCredits: number;
}): Promise<boolean> {
  const { userId, sessionId, pkg } = input;
  const keys = ledgerKeys.purchase(sessionId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [read, balance] = await Promise.all([readPayment(userId, sessionId), readBalance(userId)]);
    if (read?.granted !== undefined) return false;
    const returns = read?.returns ?? noReturns(pkg.priceCents);
    // The balance after the grant holds at least the credits granted, so the whole share can be taken.
    const next = takeBackChange({ settled: 0, taken: 0 }, creditsOwedBack(pkg.credits, returns), pkg.credits);
    const takeBack = next.change === 0 ? 0 : 1;
    const added = pkg.credits + next.change;
    try {
      await transact({
        ...(balance === undefined
          ? accountOpening(userId, input.initialCredits, added)
          : { balance: balanceChange(userId, added, { expression: 'attribute_exists(credits)' }) }),
        purchase: ledgerEntry(userId, keys.grant, pkg.credits, ledgerReasons.purchase(pkg), undefined, {
          session_id: sessionId,
          package_id: pkg.id,
          payment_intent: input.paymentIntent,
        }),
        payment: paymentWrite(
          userId,
          sessionId,
          { returns, granted: pkg.credits, settled: next.settled, taken: next.taken, takeBacks: takeBack },
          read,
        ),
        takeBack: takeBack
          ? ledgerEntry(
              userId,
              keys.takeBack(1),
              next.change,
              ledgerReasons.paymentReturn(returns.refundedCents > 0 ? 'refunded' : 'disputed', pkg),
              undefined,
              { session_id: sessionId },
            )
          : undefined,
      });
      return true;
    } catch (error) {
      if (!(error instanceof TransactionFailedError)) throw error;
      if (error.failed.has('purchase')) return false;
      if (!error.failed.has('payment') && !error.failed.has('balance')) throw error;
      // The payment changed, or the account was opened, between the read and the write: read again.
    }
  }
  throw new Error(`the payment of ${sessionId} kept changing; the grant will be retried`);
}

/**
 * Records news of a checkout session's money going back (`report` merges it
 * into what is known) and makes its credits follow: the share now owed back
 * is taken (never below zero) or, when disputed money came back, given back,
 * each change one numbered ledger entry. Before the grant it only records,
 * and the grant takes the share. A report already known changes nothing.
 * Returns the credit change (negative when taken).
 */
export async function followPaymentReturns(input: {
  userId: string;
  sessionId: string;
  pkg?: CreditPackage;
  amountCents: number;
  cause: 'refunded' | 'disputed';
  report: (returns: PaymentReturns) => PaymentReturns;
}): Promise<number> {
  const { userId, sessionId } = input;
  const keys = ledgerKeys.purchase(sessionId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [read, grant, balance] = await Promise.all([
      readPayment(userId, sessionId),
      getItem({ user_id: userId, sk: keys.grant }),
      readBalance(userId),
    ]);
    const returns = input.report(read?.returns ?? noReturns(input.amountCents));
    const granted = read?.granted ?? (grant ? Number(grant.amount) : undefined);
    const state = { settled: read?.settled ?? 0, taken: read?.taken ?? 0 };
    const next =
      granted === undefined
        ? { ...state, change: 0 }
        : takeBackChange(state, creditsOwedBack(granted, returns), balance ?? 0);
    const payment = { returns, settled: next.settled, taken: next.taken, takeBacks: read?.takeBacks ?? 0 };
    if (read && sameReturns(read.returns, returns)) return 0;
    if (next.change !== 0) payment.takeBacks += 1;
    try {
      await transact({
        payment: paymentWrite(
          userId,
          sessionId,
          { ...payment, ...(granted !== undefined && { granted }) },
          read,
        ),
        balance: next.change
          ? balanceChange(
              userId,
              next.change,
              next.change < 0
                ? { expression: 'credits >= :take', values: { ':take': -next.change } }
                : undefined,
            )
          : undefined,
        takeBack: next.change
          ? ledgerEntry(
              userId,
              keys.takeBack(payment.takeBacks),
              next.change,
              ledgerReasons.paymentReturn(next.change > 0 ? 'reinstated' : input.cause, input.pkg),
              undefined,
              { session_id: sessionId },
            )
          : undefined,
      });
      return next.change;
    } catch (error) {
      if (!(error instanceof TransactionFailedError)) throw error;
      // A payment taken back whole before it was recorded: its one take-back entry stands.
      if (!read && error.failed.size === 1 && error.failed.has('takeBack')) return 0;
      if (!error.failed.has('payment') && !error.failed.has('balance')) throw error;
      // The payment or the balance changed between the read and the write: read again.
    }
  }
  throw new Error(`the payment of ${sessionId} kept changing; its take-back will be retried`);
}
