import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { contextKeysOf } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { ddb } from '../lib/sdk-clients';
import { tableName, unlessConditionFails } from './dynamo';

/**
 * Puts the messages written before the sparse indexes existed into them: every finished image
 * into the gallery's `byGallery` (its owner as `gallery_user_id`), every message with images
 * into the conversation's `byImages` (`image_id`). New messages get both as they are written.
 * A Scan, deliberately: an operator's one-off over the whole table, never a request path. Safe to
 * run again, and while the app runs: each write is conditional on the attribute still missing.
 */
export async function backfillMessageIndexes(): Promise<{ read: number; gallery: number; images: number }> {
  const table = tableName('messages');
  const counts = { read: 0, gallery: 0, images: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: table,
        FilterExpression:
          '(#status = :done AND is_image_message = :true AND attribute_exists(image_keys) AND attribute_not_exists(gallery_user_id)) OR (attribute_not_exists(image_id) AND (attribute_exists(image_keys) OR attribute_type(uploaded_images, :list)))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':true': true, ':list': 'L' },
        ExclusiveStartKey: start,
      }),
    );
    counts.read += page.ScannedCount ?? 0;
    for (const item of (page.Items ?? []) as StoredMessage[]) {
      const key = { conversation_id: item.conversation_id, id: item.id };
      const finishedImage = item.status === 'done' && item.is_image_message && item.image_keys;
      if (finishedImage && !item.gallery_user_id && (await mark(table, key, 'gallery_user_id', 'user_id'))) {
        counts.gallery += 1;
      }
      if (!item.image_id && contextKeysOf(item).length > 0 && (await mark(table, key, 'image_id', 'id'))) {
        counts.images += 1;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
}

/** Copies the item's own `from` attribute into `attribute`, unless it has one already. */
const mark = async (table: string, key: Record<string, string>, attribute: string, from: string) =>
  (await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: `SET ${attribute} = ${from}`,
        ConditionExpression: `attribute_exists(id) AND attribute_not_exists(${attribute})`,
      }),
    ),
  )) !== undefined;
