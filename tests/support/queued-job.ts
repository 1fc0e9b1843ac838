import type { StoredMessage } from '../../functions/src/core/types';

/**
 * What a send stores before it hands the job to the queue: the messages and the reserve, through
 * the backend's own transaction (in this process, against the tables its environment names). The
 * job then waits, as if the queue had not delivered it yet. Opens the account with 3 credits first.
 */
export async function storeQueuedJob(
  userId: string,
  conversationId: string,
  content: string,
): Promise<StoredMessage> {
  const { getOrOpenBalance } = await import('../../functions/src/data/credits-repo');
  const { storeMessagesAndReserveCredit } = await import('../../functions/src/data/jobs-repo');
  const { newMessage, newQueuedJob } = await import('../../functions/src/core/messages');
  const { newId } = await import('../../functions/src/lib/ids');
  const owner = { conversation_id: conversationId, user_id: userId, created_at: new Date().toISOString() };
  const request = newMessage({ ...owner, id: newId(), role: 'user', content, status: 'done' });
  const job = newQueuedJob(request, { id: newId(), provider: 'local' });
  await getOrOpenBalance(userId, 3);
  await storeMessagesAndReserveCredit(request, job, 3);
  return job;
}
