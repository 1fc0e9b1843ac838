import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { ledgerFindings, runReconcileCommand } from '../support/ledger';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const runtime = inject('runtime');
const DAY = 24 * 60 * 60_000;

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: runtime.dynamodbEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

/**
 * A ledger that breaks every rule once, written straight into the table for a made-up user:
 * a reserve from yesterday never settled, a job both committed and refunded, a refund of a
 * job never reserved, and a balance of 0 where the entries add up to 2. A reserve made a
 * moment ago is a job still running, and no finding.
 */
const brokenUser = `reconcile-test-${randomUUID()}`;
const at = (ms: number) => new Date(Date.now() - ms).toISOString();
const brokenItems = [
  { sk: 'balance', credits: 0 },
  { sk: ledgerKeys.initialGrant, amount: 3, created_at: at(2 * DAY) },
  { sk: ledgerKeys.job('lost').reserve, amount: -1, created_at: at(DAY) },
  { sk: ledgerKeys.job('both').reserve, amount: -1, created_at: at(DAY) },
  { sk: ledgerKeys.job('both').commit, amount: 0, created_at: at(DAY) },
  { sk: ledgerKeys.job('both').refund, amount: 1, created_at: at(DAY) },
  { sk: ledgerKeys.job('ghost').refund, amount: 1, created_at: at(DAY) },
  { sk: ledgerKeys.job('young').reserve, amount: -1, created_at: at(0) },
].map((item) => ({ ...item, user_id: brokenUser }));

async function writeBrokenLedger(request: 'PutRequest' | 'DeleteRequest') {
  const requests = brokenItems.map((item) =>
    request === 'PutRequest'
      ? { PutRequest: { Item: item } }
      : { DeleteRequest: { Key: { user_id: item.user_id, sk: item.sk } } },
  );
  await db.send(new BatchWriteCommand({ RequestItems: { credits: requests } }));
}

afterAll(async () => {
  // Never leave the broken ledger behind: the run's last check reads the whole table.
  await writeBrokenLedger('DeleteRequest');
  db.destroy();
});

describe('npm run reconcile on the local cloud', () => {
  beforeAll(async () => {
    const user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'reconcile');
    const api = callAs(baseUrl, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const sent = await api('sendMessage', { params: { id }, body: { content: 'Counted once' } });
    await waitForSettled(api, sent.body.assistantMessage.id);
    expect(
      await ledgerFindings(runtime.dynamodbEndpoint, String(decodePayload(user.accessToken).sub)),
    ).toEqual([]);
  });

  it('passes when every reserve settled once and every balance adds up', async () => {
    const { code, output } = await runReconcileCommand(dataDir);
    expect(output).toMatch(/Checked the local cloud's ledger .*: [1-9]\d* users/);
    expect(output).toContain('The ledger reconciles');
    expect(code).toBe(0);
  });

  it('names every broken rule and fails, leaving a reserve inside the grace period alone', async () => {
    await writeBrokenLedger('PutRequest');
    try {
      const { code, output } = await runReconcileCommand(dataDir, ['--grace-minutes', '60']);
      const lines = output.split('\n').filter((line) => line.includes(brokenUser));
      expect(lines).toHaveLength(4);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/job lost reserved a credit at .* and never committed or refunded it/),
          expect.stringContaining('job both was both committed and refunded'),
          expect.stringContaining(
            `${ledgerKeys.job('ghost').refund} settles job ghost, which has no reserve`,
          ),
          expect.stringContaining('the balance is 0 but the ledger adds up to 2'),
        ]),
      );
      expect(output).toContain('4 finding(s)');
      expect(output).toMatch(/[1-9]\d* reserve\(s\) inside the grace period/);
      expect(code).toBe(1);
    } finally {
      await writeBrokenLedger('DeleteRequest');
    }
  });

  it('reads the table a page at a time, one account after another, and finds the same', async () => {
    const envBefore = { ...process.env };
    Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
    await writeBrokenLedger('PutRequest');
    try {
      const { reconcileLedger } = await import('../../functions/src/services/reconcile-ledger');
      const options = { graceMs: 60 * 60_000, now: Date.now() };
      const whole = await reconcileLedger(options);
      const itemByItem = await reconcileLedger({ ...options, pageSize: 1 });
      expect(itemByItem).toEqual(whole);
      expect(
        whole.findings
          .filter((f) => f.userId === brokenUser)
          .map((f) => f.kind)
          .sort(),
      ).toEqual(['balance_mismatch', 'settled_twice', 'settlement_without_reserve', 'unsettled_reserve']);
    } finally {
      await writeBrokenLedger('DeleteRequest');
      process.env = envBefore;
    }
  });

  it('refuses a grace period that is not a number of minutes', async () => {
    const { code, output } = await runReconcileCommand(dataDir, ['--grace-minutes', 'soon']);
    expect(output).toContain('--grace-minutes must be a number of minutes');
    expect(code).toBe(2);
  });
});
