import { refundStuckJobs } from '../services/refund-stuck-jobs';

/** Runs on a schedule: refunds generation jobs that never settled. */
export async function handler(): Promise<{ refunded: number }> {
  return { refunded: await refundStuckJobs() };
}
