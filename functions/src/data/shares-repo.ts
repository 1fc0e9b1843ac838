import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { shareTokenAttribute } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { ddb } from '../lib/sdk-clients';
import { TransactionFailedError, tableName, transact } from './dynamo';
import { messageKey, messagesTable } from './messages-repo';

/** A public link to one image: found by its token, pointing at the message and the image it shows. */
export interface ShareItem {
  token: string;
  user_id: string;
  conversation_id: string;
  message_id: string;
  /** Which of the message's images (its variations); absent on links made before them: the first. */
  image_index?: number;
  created_at: string;
}

const table = () => tableName('shares');

/** The link with this token, read consistently: a revoked link is gone at once. */
export async function getShareByToken(token: string): Promise<ShareItem | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { token }, ConsistentRead: true }),
  );
  return Item as ShareItem | undefined;
}

/**
 * Stores a new link to one of the message's images (`index`) and marks the message with it,
 * together. False when the message is gone, not the user's, or that image got a link meanwhile
 * (the caller reads it again).
 */
export async function createShare(
  message: StoredMessage,
  index: number,
  token: string,
  now: string,
): Promise<boolean> {
  const share: ShareItem = {
    token,
    user_id: message.user_id,
    conversation_id: message.conversation_id,
    message_id: message.id,
    image_index: index,
    created_at: now,
  };
  try {
    await transact({
      share: {
        Put: {
          TableName: table(),
          Item: share,
          ConditionExpression: 'attribute_not_exists(#t)',
          ExpressionAttributeNames: { '#t': 'token' },
        },
      },
      message: {
        Update: {
          TableName: messagesTable(),
          Key: messageKey(message),
          UpdateExpression: 'SET #share = :t',
          ConditionExpression: 'attribute_exists(id) AND user_id = :u AND attribute_not_exists(#share)',
          ExpressionAttributeNames: { '#share': shareTokenAttribute(index) },
          ExpressionAttributeValues: { ':t': token, ':u': message.user_id },
        },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/**
 * Deletes the link of one of the message's images (`index`, whose link has `token`) and the
 * message's mark of it, together; false if it was already revoked. Its other images' links stay.
 */
export async function deleteShare(message: StoredMessage, index: number, token: string): Promise<boolean> {
  try {
    await transact({
      share: { Delete: { TableName: table(), Key: { token } } },
      message: {
        Update: {
          TableName: messagesTable(),
          Key: messageKey(message),
          UpdateExpression: 'REMOVE #share',
          ConditionExpression: '#share = :t',
          ExpressionAttributeNames: { '#share': shareTokenAttribute(index) },
          ExpressionAttributeValues: { ':t': token },
        },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/** Deletes these links, 25 at a time (BatchWrite's limit): those of a conversation being deleted. */
export async function deleteSharesByToken(tokens: readonly string[]): Promise<void> {
  for (let i = 0; i < tokens.length; i += 25) {
    let requests: Record<string, unknown[]> | undefined = {
      [table()]: tokens.slice(i, i + 25).map((token) => ({ DeleteRequest: { Key: { token } } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result = await ddb.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}
