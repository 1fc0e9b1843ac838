import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredMessage } from '../core/types';
import { ddb } from '../lib/sdk-clients';
import { tableName } from './dynamo';
import { tables } from './tables';

/**
 * One page of the user's generated images across conversations, newest first, from the start or
 * from before the image `before`. Read from the sparse `byGallery` index, which holds only the
 * user's own finished images; `more` says an older page exists.
 */
export async function listGalleryPage(
  userId: string,
  options: { before?: string; limit: number },
): Promise<{ images: StoredMessage[]; more: boolean }> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName('messages'),
      IndexName: tables.messages.indexes.byGallery.name,
      KeyConditionExpression: options.before
        ? 'gallery_user_id = :u AND id < :before'
        : 'gallery_user_id = :u',
      ExpressionAttributeValues: { ':u': userId, ...(options.before ? { ':before': options.before } : {}) },
      ScanIndexForward: false,
      // One more than a page: whether it comes back says an older page exists.
      Limit: options.limit + 1,
    }),
  );
  const newestFirst = ((Items ?? []) as StoredMessage[]).filter((item) => item.user_id === userId);
  return { images: newestFirst.slice(0, options.limit), more: newestFirst.length > options.limit };
}
