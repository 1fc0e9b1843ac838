import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PHASE_TEXT } from '@thumbnail-studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { type Call, callAs } from '../support/api';
import { deliverJob, queueStats, waitForQueueIdle, waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems, runReconcileCommand } from '../support/ledger';
import { type RunningCloud, startCloudProcess } from '../support/local-cloud-process';
import { storeQueuedJob } from '../support/queued-job';
import { listKeys } from '../support/storage';
import { decodePayload } from '../support/tokens';
import { cognitoClient, signUpUser } from '../support/users';

/**
 * Every reserve ends in exactly one commit or refund, whatever the creator does meanwhile and
 * whatever the queue or the worker does. A cloud of its own: the offline provider takes 2 s per
 * image, so a test can act while a job runs, and the cloud can be stopped mid-job. The other interleavings are tested where their feature is:
 * a job delivered again after it settled (generation), parallel sends with balance N
 * (generation), the sweeper refunding a job the worker later finishes, and a conversation
 * deleted while the provider stalls (sweeper).
 */
const PROVIDER_DELAY_MS = 2_000;
let cloud: RunningCloud;
const envBefore = { ...process.env };

beforeAll(async () => {
  cloud = await startCloudProcess({
    env: { LOCAL_PROVIDER_DELAY_MS: String(PROVIDER_DELAY_MS), LOG_LEVEL: 'INFO' },
  });
  // The backend's own data functions, in this process, against this cloud's tables.
  Object.assign(process.env, backendDynamoEnv(cloud.runtime.dynamodbEndpoint));
}, 120_000);

afterAll(async () => {
  await cloud?.stop();
  process.env = envBefore;
});

async function newUser(name: string) {
  const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, name);
  const api = callAs(cloud.url, user.accessToken);
  const userId = String(decodePayload(user.accessToken).sub);
  const newConversation = async () =>
    (await api('createConversation', { body: {} })).body.conversation.id as string;
  return { api, userId, newConversation, user };
}

/** Signs in again, as after a restart: the tokens name the previous run's Cognito address. */
async function signIn(user: { email: string; password: string }) {
  const cognito = cognitoClient(cloud.url);
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      ClientId: cloud.runtime.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  cognito.destroy();
  return AuthenticationResult?.AccessToken;
}

/** A job as a send stores it, waiting as if the queue had not delivered it yet; what the queue carries. */
async function queuedJob(userId: string, conversationId: string, content: string) {
  const job = await storeQueuedJob(userId, conversationId, content);
  return { jobId: job.id, conversationId, userId };
}

/** Polls a job until a worker has claimed it and shows its phase: the provider is now drawing. */
async function waitUntilRunning(api: Call, jobId: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { body } = await api('getMessage', { params: { id: jobId } });
    if (body.message.content === PHASE_TEXT.generating) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} never started`);
}

/** The worker's log lines about one job. */
const workerLog = (jobId: string) =>
  cloud
    .output()
    .split('\n')
    .filter((line) => line.includes(jobId));

const kinds = (ledger: Record<string, unknown>[]) => ledger.map((e) => String(e.sk).split('#')[1]).sort();

describe('a credit is settled exactly once', () => {
  it('when the conversation is deleted while its job waits in the queue: one refund, the late delivery settles nothing', async () => {
    const { api, userId, newConversation } = await newUser('queued');
    const conversationId = await newConversation();
    const job = await queuedJob(userId, conversationId, 'Waiting in line');
    expect((await api('getCredits')).body).toEqual({ credits: 2 });

    expect((await api('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const before = await queueStats(cloud.url);
    await deliverJob(cloud.url, job);
    await waitForQueueIdle(cloud.url, before.delivered + 1);

    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(3);
    expect(kinds(ledger)).toEqual(['initial', 'refund', 'reserve']);
    expect(workerLog(job.jobId).some((line) => line.includes('job already taken or settled'))).toBe(true);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('when the conversation is deleted while its image is drawn: one refund, the finished worker cannot commit and keeps no image', async () => {
    const { api, userId, newConversation } = await newUser('running');
    const conversationId = await newConversation();
    const before = await queueStats(cloud.url);
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Slow painting',
      },
    });
    expect(sent.status).toBe(202);
    const jobId = sent.body.assistantMessage.id as string;
    await waitUntilRunning(api, jobId);

    expect((await api('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    await waitForQueueIdle(cloud.url, before.delivered + 1);

    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(3);
    expect(kinds(ledger)).toEqual(['initial', 'refund', 'reserve']);
    // The worker did finish and tried to commit: the refund had settled the job first.
    expect(
      workerLog(jobId).some((line) => line.includes('job done') && line.includes('"settled":false')),
    ).toBe(true);
    expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/`)).toEqual([]);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('when two tabs send at once with 1 credit left: one job starts, the other is refused, nothing is charged twice', async () => {
    const { api, userId, newConversation } = await newUser('tabs');
    const first = await newConversation();
    const spent = await Promise.all(
      ['One', 'Two'].map((content) => api('sendMessage', { params: { id: first }, body: { content } })),
    );
    expect(spent.map((s) => s.status)).toEqual([202, 202]);
    expect((await api('getCredits')).body).toEqual({ credits: 1 });

    const second = await newConversation();
    const tabs = await Promise.all(
      [first, second].map((id) => api('sendMessage', { params: { id }, body: { content: 'Last one' } })),
    );
    expect(tabs.map((t) => t.status).sort()).toEqual([202, 402]);
    const jobs = [...spent, ...tabs].filter((s) => s.status === 202).map((s) => s.body.assistantMessage.id);
    await Promise.all(jobs.map((id) => waitForSettled(api, id)));

    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(0);
    expect(kinds(ledger).filter((kind) => kind === 'reserve')).toHaveLength(3);
    expect(kinds(ledger).filter((kind) => kind === 'commit')).toHaveLength(3);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('when the job is delivered again while its first delivery still runs: the second does nothing, one commit', async () => {
    const { api, userId, newConversation } = await newUser('redelivered');
    const conversationId = await newConversation();
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Twice sent',
      },
    });
    const jobId = sent.body.assistantMessage.id as string;
    await waitUntilRunning(api, jobId);
    const before = await queueStats(cloud.url);

    await deliverJob(cloud.url, { jobId, conversationId, userId });
    await waitForQueueIdle(cloud.url, before.delivered + 1);

    expect((await api('getMessage', { params: { id: jobId } })).body.message.status).toBe('done');
    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(2);
    expect(kinds(ledger)).toEqual(['commit', 'initial', 'reserve']);
    expect(workerLog(jobId).some((line) => line.includes('job already taken or settled'))).toBe(true);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('when the worker dies mid-job: the job runs again after the restart and settles once', async () => {
    const { dataDir } = cloud;
    await cloud.stop();
    // A provider slow enough that the job is surely still drawing when the process goes down.
    cloud = await startCloudProcess({
      dataDir,
      env: { LOCAL_PROVIDER_DELAY_MS: '60000', LOG_LEVEL: 'INFO' },
    });
    const { api, userId, newConversation, user } = await newUser('crash');
    const conversationId = await newConversation();
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Interrupted',
      },
    });
    const jobId = sent.body.assistantMessage.id as string;
    await waitUntilRunning(api, jobId);

    await cloud.stop();
    cloud = await startCloudProcess({ dataDir, env: { LOG_LEVEL: 'INFO' } });
    const afterRestart = callAs(cloud.url, await signIn(user));
    expect(await waitForSettled(afterRestart, jobId)).toMatchObject({ status: 'done' });
    // The job was left claimed and unsettled, so the new process queued it again.
    expect(cloud.output()).toContain('Re-queued 1 unfinished generation job(s).');

    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(2);
    expect(kinds(ledger)).toEqual(['commit', 'initial', 'reserve']);
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  }, 180_000);

  it('and the whole ledger of this cloud reconciles once its queue is idle', async () => {
    await waitForQueueIdle(cloud.url, 0);
    const { code, output } = await runReconcileCommand(cloud.dataDir, ['--grace-minutes', '0']);
    expect(output).toContain('The ledger reconciles');
    expect(code).toBe(0);
  });
});
