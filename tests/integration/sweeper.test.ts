import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { queueStats, waitForQueueIdle, waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { newUserWithConversation } from '../support/users';

/** A cloud whose sweeper treats a job as stuck after 0.8 s, while the provider stalls for longer. */
const { cloud, fakes } = useLocalCloudWithFakeProviders({
  PROVIDER_TIMEOUT_MS: '4000',
  PROVIDER_MAX_RETRIES: '0',
  JOB_STUCK_AFTER_MS: '800',
  LOCAL_SWEEP_INTERVAL_MS: '200',
  ...WITHOUT_IMAGE_CHECKS,
});

describe('the stuck-job sweeper', () => {
  it('refunds a job that never settles, and the late worker cannot settle it again', async () => {
    const { api, userId, send } = await newUserWithConversation(cloud, 'stuck');
    fakes.openai.mode('stall');
    const before = await queueStats(cloud.url);

    const sent = await send({
      content: 'Stuck',
      provider: 'openai',
    });
    expect(sent.status).toBe(202);
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({
      status: 'error',
      content: UNEXPECTED_ERROR_TEXT,
    });
    expect((await api('getCredits')).body).toEqual({ credits: 3 });

    // The worker gives up on the stalled provider later; its own refund must not apply twice.
    await waitForQueueIdle(cloud.url, before.delivered + 1);
    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(3);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#refund#'))).toHaveLength(1);
    expect(
      (await api('getMessage', { params: { id: sent.body.assistantMessage.id } })).body.message.status,
    ).toBe('error');
  });

  it('refunds every variation of a stuck job once, and the late worker settles none of them again', async () => {
    const { api, userId, send } = await newUserWithConversation(cloud, 'stuck-variations');
    fakes.openai.mode('stall');
    const before = await queueStats(cloud.url);

    const sent = await send({
      content: 'Stuck three times',
      provider: 'openai',
      variations: 3,
    });
    expect(sent.status).toBe(202);
    expect((await api('getCredits')).body).toEqual({ credits: 0 });
    expect(await waitForSettled(api, sent.body.assistantMessage.id)).toMatchObject({ status: 'error' });
    expect((await api('getCredits')).body).toEqual({ credits: 3 });

    await waitForQueueIdle(cloud.url, before.delivered + 1);
    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(3);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#refund#'))).toHaveLength(3);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(0);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('refunds a job whose conversation is deleted while it runs, once', async () => {
    const { api, userId, send, conversationId: id } = await newUserWithConversation(cloud, 'deleter');
    fakes.openai.mode('stall');
    const before = await queueStats(cloud.url);

    const sent = await send({
      content: 'Gone',
      provider: 'openai',
    });
    expect(sent.status).toBe(202);
    expect((await api('deleteConversation', { params: { id } })).status).toBe(204);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });

    // The worker later finds its job gone: it can neither charge nor refund it again.
    await waitForQueueIdle(cloud.url, before.delivered + 1);
    const { balance, ledger, sum } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([3, 3]);
    const refunds = ledger.filter((e) => String(e.sk).startsWith('ledger#refund#'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.reason).toBe('Refund: The conversation was deleted before the image was ready.');
  });
});
