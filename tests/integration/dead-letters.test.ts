import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { queueStats, waitForQueueIdle } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/** A cloud whose provider stalls, so a job stays pending the way a dead-lettered one does. */
const { cloud, fakes } = useLocalCloudWithFakeProviders({
  PROVIDER_TIMEOUT_MS: '3000',
  PROVIDER_MAX_RETRIES: '0',
  ...WITHOUT_IMAGE_CHECKS,
});

beforeAll(() => {
  // `npm run dead-letters -- --refund` points the same code at the deployed tables this way.
  Object.assign(process.env, backendDynamoEnv(cloud.runtime.dynamodbEndpoint));
});

describe('refunding a dead-lettered job', () => {
  it('refunds a pending job once, and leaves a settled or unknown one alone', async () => {
    const { refundDeadLetteredJob } = await import('../../functions/src/services/refund-stuck-jobs');
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'dead-letter');
    const userId = String(decodePayload(user.accessToken).sub);
    const api = callAs(cloud.url, user.accessToken);
    const { id: conversationId } = (await api('createConversation', { body: {} })).body.conversation;
    fakes.openai.mode('stall');
    const before = await queueStats(cloud.url);
    const sent = await api('sendMessage', { params: { id: conversationId }, body: { content: 'Lost' } });
    expect(sent.status).toBe(202);
    const job = { jobId: sent.body.assistantMessage.id, conversationId, userId };
    expect((await api('getCredits')).body).toEqual({ credits: 2 });

    expect(await refundDeadLetteredJob(job)).toBe('refunded');
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const shown = (await api('getMessage', { params: { id: job.jobId } })).body.message;
    expect(shown).toMatchObject({ status: 'error', content: UNEXPECTED_ERROR_TEXT });

    expect(await refundDeadLetteredJob(job)).toBe('already-settled');
    expect(await refundDeadLetteredJob({ ...job, userId: 'someone-else' })).toBe('not-found');

    // The stalled worker gives up later; the job must stay refunded exactly once.
    await waitForQueueIdle(cloud.url, before.delivered + 1);
    const { balance, ledger, sum } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([3, 3]);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#refund#'))).toHaveLength(1);
  });
});
