/**
 * Money going back to a buyer, pure: what Stripe has reported refunded and
 * disputed on one payment, and the credits that stands for. Every report is
 * merged so that a repeated or late one changes nothing: refunds keep the
 * largest cumulative amount seen, a closed dispute stays closed.
 */

/** A dispute as its events report it. */
export interface DisputeReport {
  amountCents: number;
  /** Stripe's dispute status: `needs_response`, `under_review`, `won`, `lost`, `warning_…` for inquiries. */
  status: string;
}

/** What has been reported about one payment's money going back. */
export interface PaymentReturns {
  /** What the buyer paid, in cents. */
  amountCents: number;
  /** Refunded so far (Stripe's cumulative `amount_refunded`). */
  refundedCents: number;
  disputes: Record<string, DisputeReport>;
}

export const noReturns = (amountCents: number): PaymentReturns => ({
  amountCents,
  refundedCents: 0,
  disputes: {},
});

/** Statuses a dispute ends in; a report of an open status never reopens one. */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);
/** Statuses whose funds are withdrawn from the merchant: an open dispute (not an inquiry) or a lost one. */
const FUNDS_WITHDRAWN = new Set(['needs_response', 'under_review', 'lost']);

/** Adds a refund report: `amount_refunded` is cumulative, so the largest one seen is the truth. */
export const withRefund = (returns: PaymentReturns, refundedCents: number): PaymentReturns => ({
  ...returns,
  refundedCents: Math.max(returns.refundedCents, refundedCents),
});

/** Adds a dispute report; once closed, a dispute keeps its outcome whatever arrives later. */
export function withDispute(returns: PaymentReturns, id: string, report: DisputeReport): PaymentReturns {
  const known = returns.disputes[id];
  if (known && CLOSED_DISPUTE.has(known.status) && !CLOSED_DISPUTE.has(report.status)) return returns;
  return { ...returns, disputes: { ...returns.disputes, [id]: report } };
}

/** Whether two reports say the same: then a payment's credits have nothing new to follow. */
export function sameReturns(a: PaymentReturns, b: PaymentReturns): boolean {
  const ids = Object.keys(a.disputes);
  return (
    a.amountCents === b.amountCents &&
    a.refundedCents === b.refundedCents &&
    ids.length === Object.keys(b.disputes).length &&
    ids.every((id) => {
      const [x, y] = [a.disputes[id], b.disputes[id]];
      return x?.status === y?.status && x?.amountCents === y?.amountCents;
    })
  );
}

/** The money no longer with the merchant: refunds plus disputed funds withdrawn, at most what was paid. */
export function withdrawnCents(returns: PaymentReturns): number {
  const disputed = Object.values(returns.disputes)
    .filter((dispute) => FUNDS_WITHDRAWN.has(dispute.status))
    .reduce((total, dispute) => total + dispute.amountCents, 0);
  return Math.min(returns.amountCents, returns.refundedCents + disputed);
}

/**
 * The credits a payment's withdrawn money stands for: its share of what the
 * payment bought, rounded down, so the creator keeps a fraction and only the
 * whole amount takes every credit. Taken over the cumulative amount, rounding
 * never adds up over several refunds.
 */
export function creditsOwedBack(credits: number, returns: PaymentReturns): number {
  if (returns.amountCents <= 0) return 0;
  return Math.floor((credits * withdrawnCents(returns)) / returns.amountCents);
}

/** How far a purchase's credits have followed its money back. */
export interface TakeBackState {
  /** The share owed back already dealt with (taken, or forgiven for want of balance). */
  settled: number;
  /** The credits actually taken back, net of any given back. */
  taken: number;
}

/**
 * The one credit change that brings a granted purchase in line with the
 * share now owed back. More owed: take the difference, never more than the
 * balance holds (what was spent is forgiven, not owed later). Less owed (a
 * dispute won): give back the difference, never more than was taken.
 */
export function takeBackChange(
  state: TakeBackState,
  owed: number,
  balance: number,
): TakeBackState & { change: number } {
  const delta = owed - state.settled;
  let change = 0;
  if (delta > 0) change -= Math.min(delta, Math.max(0, balance));
  if (delta < 0) change += Math.min(-delta, state.taken);
  return { settled: owed, taken: state.taken - change, change };
}
