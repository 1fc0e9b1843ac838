import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { pendingUploadSk, type RateWindow } from '../core/rate-limits';
import { ddb } from '../lib/sdk-clients';
import { queryAll, tableName, unlessConditionFails } from './dynamo';

const limitsTable = () => tableName('limits');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Counts one request in its window, unless the window already holds `limit`: one
 * conditional update, so concurrent requests can't slip past the limit together.
 * Returns whether the request was counted (false: refuse it).
 */
export async function countRequestInWindow(
  userId: string,
  window: RateWindow,
  limit: number,
): Promise<boolean> {
  const counted = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: limitsTable(),
        Key: { user_id: userId, sk: window.sk },
        UpdateExpression: 'ADD hits :one SET expires_at = :ends',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':ends': window.endsAt, ':limit': limit },
      }),
    ),
  );
  return counted !== undefined;
}

/** Marks an attachment as handed out until `expiresAt` (epoch seconds) or until it is used. */
export async function recordPendingUpload(userId: string, key: string, expiresAt: number): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: limitsTable(),
      Item: { user_id: userId, sk: pendingUploadSk(key), expires_at: expiresAt },
    }),
  );
}

/** The expiry times (epoch seconds) of the user's attachments handed out and not yet used. */
export async function listPendingUploadExpiries(userId: string): Promise<number[]> {
  const items = await queryAll<{ expires_at: number }>({
    TableName: limitsTable(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :upload)',
    FilterExpression: 'expires_at > :now',
    ExpressionAttributeValues: { ':u': userId, ':upload': pendingUploadSk(''), ':now': nowSeconds() },
    ProjectionExpression: 'expires_at',
  });
  return items.map((item) => Number(item.expires_at));
}

/**
 * Forgets attachments that were used, 25 per request (DynamoDB's batch limit). Deletes
 * DynamoDB leaves unprocessed are sent again a few times; any left expire by themselves.
 */
export async function forgetPendingUploads(userId: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = keys.slice(i, i + 25).map((key) => ({
      DeleteRequest: { Key: { user_id: userId, sk: pendingUploadSk(key) } },
    }));
    for (let attempt = 0; requests?.length && attempt < 3; attempt++) {
      const table = limitsTable();
      const answer: BatchWriteCommandOutput = await ddb.send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = answer.UnprocessedItems?.[table];
    }
  }
}
