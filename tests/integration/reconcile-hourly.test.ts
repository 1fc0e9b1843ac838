import { randomInt, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { ledgerHourOf } from '../../functions/src/core/ledger-hours';
import { LEDGER_FINDINGS_LOG_FIELD } from '../../functions/src/core/ledger-reconciliation';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { readCreditItems, runReconcileCommand } from '../support/ledger';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const runtime = inject('runtime');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRACE = 205 * MINUTE;

/**
 * The runs below happen at a made-up hour years ahead, picked at random, so the hours they read
 * hold only the ledgers written here, whatever else the shared cloud holds.
 */
const NOW = Date.parse('2031-01-01T00:30:00Z') + randomInt(0, 80_000) * HOUR;
const stamped = (time: number) => ({
  created_at: new Date(time).toISOString(),
  ledger_hour: ledgerHourOf(time),
});

const user = (name: string) => `reconcile-hourly-${name}-${randomUUID()}`;
/** New entries, and a balance off them by one. */
const fresh = user('fresh');
/** An entry stamped just before the previous hour ended, with a balance that adds up. */
const late = user('late');
/** A reserve that outgrew the grace period half an hour ago and was never settled. */
const aging = user('aging');
/** Nothing new for a day, and a balance off its entries by one. */
const old = user('old');

const lastHourEnd = Math.floor(NOW / HOUR) * HOUR - 1;
const plantedItems = [
  { user_id: fresh, sk: 'balance', credits: 2 },
  { user_id: fresh, sk: ledgerKeys.initialGrant, amount: 3, ...stamped(NOW - 10 * MINUTE) },
  { user_id: late, sk: 'balance', credits: 3 },
  { user_id: late, sk: ledgerKeys.initialGrant, amount: 3, ...stamped(lastHourEnd) },
  { user_id: aging, sk: 'balance', credits: 2 },
  { user_id: aging, sk: ledgerKeys.initialGrant, amount: 3, ...stamped(NOW - GRACE - HOUR) },
  { user_id: aging, sk: ledgerKeys.job('lost').reserve, amount: -1, ...stamped(NOW - GRACE - 30 * MINUTE) },
  { user_id: old, sk: 'balance', credits: 4 },
  { user_id: old, sk: ledgerKeys.initialGrant, amount: 3, ...stamped(NOW - 24 * HOUR) },
];

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: runtime.dynamodbEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

async function writePlanted(request: 'PutRequest' | 'DeleteRequest') {
  const requests = plantedItems.map((item) =>
    request === 'PutRequest'
      ? { PutRequest: { Item: item } }
      : { DeleteRequest: { Key: { user_id: item.user_id, sk: item.sk } } },
  );
  await db.send(new BatchWriteCommand({ RequestItems: { credits: requests } }));
}

const envBefore = { ...process.env };
const service = () => import('../../functions/src/services/reconcile-ledger');
const findingsOf = (findings: { userId: string; kind: string }[], userId: string) =>
  findings.filter((f) => f.userId === userId).map((f) => f.kind);

beforeAll(async () => {
  Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
  await writePlanted('PutRequest');
});

afterAll(async () => {
  // Never leave the broken ledgers behind: the run's last check reads the whole table.
  await writePlanted('DeleteRequest');
  db.destroy();
  process.env = envBefore;
});

describe('the hourly ledger check', () => {
  it('reads exactly the users with entries in its hours and finds their problems', async () => {
    const { reconcileLedger } = await service();
    const report = await reconcileLedger({ mode: 'recent', now: NOW, graceMs: GRACE });
    expect(report.usersChecked).toBe(3);
    expect(report.entriesChecked).toBe(4);
    expect(findingsOf(report.findings, fresh)).toEqual(['balance_mismatch']);
    expect(findingsOf(report.findings, late)).toEqual([]);
    expect(findingsOf(report.findings, aging)).toEqual(['unsettled_reserve']);
    expect(report.findings.map((f) => f.userId).sort()).toEqual([aging, fresh].sort());
  });

  it('finds the entries a real send and its settlement wrote, filed under their hours', async () => {
    const signedUp = await signUpUser(baseUrl, dataDir, runtime.clientId, 'reconcile-hourly');
    const api = callAs(baseUrl, signedUp.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const sent = await api('sendMessage', { params: { id }, body: { content: 'Filed by the hour' } });
    await waitForSettled(api, sent.body.assistantMessage.id);
    const userId = String(decodePayload(signedUp.accessToken).sub);

    const { ledger } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(ledger.map((entry) => entry.sk)).toContain(ledgerKeys.job(sent.body.assistantMessage.id).reserve);
    for (const entry of ledger) expect(entry.ledger_hour).toBe(ledgerHourOf(String(entry.created_at)));
    const { usersWithEntriesIn } = await import('../../functions/src/data/ledger-scan');
    const hours = [...new Set(ledger.map((entry) => String(entry.ledger_hour)))];
    expect(await usersWithEntriesIn(hours)).toContain(userId);
  });

  it('runs from the command with --recent', async () => {
    const { code, output } = await runReconcileCommand(dataDir, ['--recent']);
    expect(output).toMatch(
      /Checked the local cloud's ledger .*: [1-9]\d* users with entries in the last hours/,
    );
    expect(code).toBe(0);
  });
});

describe('the scheduled reconciler', () => {
  it('logs the count of findings the alarm reads in either mode, the whole ledger unless told', async () => {
    const { handler } = await import('../../functions/src/handlers/reconciler');
    const hourly = await handler({ mode: 'recent' });
    const daily = await handler({});
    expect(hourly).toMatchObject({ mode: 'recent', [LEDGER_FINDINGS_LOG_FIELD]: expect.any(Number) });
    expect(daily).toMatchObject({ mode: 'full', [LEDGER_FINDINGS_LOG_FIELD]: expect.any(Number) });
    expect(daily.users_checked).toBeGreaterThanOrEqual(4);
    await expect(handler({ mode: 'weekly' })).rejects.toThrow();
  });
});

describe('the daily ledger check', () => {
  it('reads every user, those without new entries too', async () => {
    const { reconcileLedger } = await service();
    const recent = await reconcileLedger({ mode: 'recent', now: NOW, graceMs: GRACE });
    const full = await reconcileLedger({ mode: 'full', now: NOW, graceMs: GRACE });
    expect(findingsOf(full.findings, old)).toEqual(['balance_mismatch']);
    expect(findingsOf(full.findings, fresh)).toEqual(['balance_mismatch']);
    expect(findingsOf(full.findings, aging)).toEqual(['unsettled_reserve']);
    expect(findingsOf(recent.findings, old)).toEqual([]);
    expect(full.usersChecked).toBeGreaterThan(recent.usersChecked);
  });
});
