import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { contextKeysOf } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { NotFoundError } from '../lib/errors';
import { ddb } from '../lib/sdk-clients';
import { touchConversationItem } from './conversations-repo';
import { queryAll, TransactionFailedError, tableName, transact } from './dynamo';
import { tables } from './tables';

/** The messages table; a job is a message too (see jobs-repo). */
export const messagesTable = () => tableName('messages');
/** A message's key in the messages table. */
export const messageKey = (message: Pick<StoredMessage, 'conversation_id' | 'id'>) => ({
  conversation_id: message.conversation_id,
  id: message.id,
});

/** A conversation's messages, oldest first (ids are ULIDs). */
export function listMessagesByConversation(conversationId: string): Promise<StoredMessage[]> {
  return queryAll<StoredMessage>({
    TableName: messagesTable(),
    KeyConditionExpression: 'conversation_id = :c',
    ExpressionAttributeValues: { ':c': conversationId },
    ConsistentRead: true,
  });
}

/**
 * One page of a conversation, newest first from the start or from before the
 * message `before`, returned oldest first. `more` says an older page exists.
 */
export async function listMessagesPage(
  conversationId: string,
  options: { before?: string; limit: number },
): Promise<{ messages: StoredMessage[]; more: boolean }> {
  // One more than a page: whether it comes back says an older page exists.
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: messagesTable(),
      KeyConditionExpression: options.before
        ? 'conversation_id = :c AND id < :before'
        : 'conversation_id = :c',
      ExpressionAttributeValues: {
        ':c': conversationId,
        ...(options.before ? { ':before': options.before } : {}),
      },
      ScanIndexForward: false,
      Limit: options.limit + 1,
      ConsistentRead: true,
    }),
  );
  const newestFirst = (Items ?? []) as StoredMessage[];
  const more = newestFirst.length > options.limit;
  const messages = newestFirst.slice(0, options.limit).reverse();
  return { messages, more };
}

/** A conversation's first `limit` messages, oldest first: only their roles are read. */
export async function listFirstMessageRoles(
  conversationId: string,
  limit: number,
): Promise<Pick<StoredMessage, 'role'>[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: messagesTable(),
      KeyConditionExpression: 'conversation_id = :c',
      ExpressionAttributeValues: { ':c': conversationId },
      ProjectionExpression: '#role',
      ExpressionAttributeNames: { '#role': 'role' },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as Pick<StoredMessage, 'role'>[];
}

/** The conversation's messages with these ids (those that exist), read consistently, oldest first. */
export async function listMessagesByIds(
  conversationId: string,
  ids: readonly string[],
): Promise<StoredMessage[]> {
  const found: StoredMessage[] = [];
  // One BatchGet reads at most 100 keys; what it leaves unprocessed is asked for again.
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids
      .slice(i, i + 100)
      .map((id) => ({ conversation_id: conversationId, id }));
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await ddb.send(
        new BatchGetCommand({ RequestItems: { [messagesTable()]: { Keys: keys, ConsistentRead: true } } }),
      );
      found.push(...((result.Responses?.[messagesTable()] ?? []) as StoredMessage[]));
      keys = result.UnprocessedKeys?.[messagesTable()]?.Keys;
    }
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * The end of a conversation up to the message `upTo` (included), oldest first: its last `turns`
 * messages, read consistently, and, when fewer than `imageMessages` of those carry images and
 * the conversation goes further back, the latest earlier messages that do, from the sparse
 * `byImages` index: however much text lies between, a job reads two pages of at most `turns`
 * and `imageMessages` items. (The index lags the table by a moment; the images it is asked
 * for are older than the last `turns` messages.) `complete` says the turns reach the first message.
 */
export async function listRecentMessages(
  conversationId: string,
  upTo: string,
  want: { turns: number; imageMessages: number },
): Promise<{ messages: StoredMessage[]; complete: boolean }> {
  const latest = await ddb.send(
    new QueryCommand({
      TableName: messagesTable(),
      KeyConditionExpression: 'conversation_id = :c AND id <= :upTo',
      ExpressionAttributeValues: { ':c': conversationId, ':upTo': upTo },
      ScanIndexForward: false,
      Limit: want.turns,
      ConsistentRead: true,
    }),
  );
  const turns = ((latest.Items ?? []) as StoredMessage[]).reverse();
  const complete = latest.LastEvaluatedKey === undefined;
  const withImages = turns.filter((m) => m.status !== 'error' && contextKeysOf(m).length > 0).length;
  const oldest = turns[0];
  if (complete || !oldest || withImages >= want.imageMessages) return { messages: turns, complete };
  const earlier = await ddb.send(
    new QueryCommand({
      TableName: messagesTable(),
      IndexName: tables.messages.indexes.byImages.name,
      KeyConditionExpression: 'conversation_id = :c AND image_id < :oldest',
      ExpressionAttributeValues: { ':c': conversationId, ':oldest': oldest.id },
      ScanIndexForward: false,
      Limit: want.imageMessages - withImages,
    }),
  );
  return { messages: [...((earlier.Items ?? []) as StoredMessage[]).reverse(), ...turns], complete };
}

export async function putMessage(message: StoredMessage): Promise<void> {
  await ddb.send(new PutCommand({ TableName: messagesTable(), Item: message }));
}

/** A transaction item that stores a new message. */
export const newMessageItem = (message: StoredMessage) => ({
  Put: { TableName: messagesTable(), Item: message, ConditionExpression: 'attribute_not_exists(id)' },
});

/**
 * Stores a finished answer and moves the conversation to the top, all or nothing, with the
 * request it answers when there is one (an own-key answer, or a send refused for credits; an
 * image whose text was edited has none); a conversation that is not the user's, or was deleted
 * meanwhile, is not found, and nothing is written.
 */
export async function storeAnsweredMessages(
  userMessage: StoredMessage | undefined,
  answer: StoredMessage,
): Promise<void> {
  try {
    await transact({
      conversation: touchConversationItem(answer.user_id, answer.conversation_id, answer.created_at),
      userMessage: userMessage && newMessageItem(userMessage),
      answer: newMessageItem(answer),
    });
  } catch (error) {
    if (error instanceof TransactionFailedError && error.failed.has('conversation'))
      throw new NotFoundError('Conversation not found');
    throw error;
  }
}

/** One message by its key, read consistently. */
export async function readMessage(key: Pick<StoredMessage, 'conversation_id' | 'id'>) {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: messagesTable(), Key: messageKey(key), ConsistentRead: true }),
  );
  return Item as StoredMessage | undefined;
}

/** One message by id, only if the user owns it. */
export async function getMessageById(userId: string, id: string): Promise<StoredMessage | undefined> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: messagesTable(),
      IndexName: tables.messages.indexes.byId.name,
      KeyConditionExpression: 'id = :id',
      ExpressionAttributeValues: { ':id': id },
    }),
  );
  const found = Items?.[0] as StoredMessage | undefined;
  if (!found || found.user_id !== userId) return undefined;
  // The index is eventually consistent; read the item itself for the latest state.
  return readMessage(found);
}

/** Deletes every message of a conversation, 25 at a time (BatchWrite's limit); returns what it deleted. */
export async function deleteMessagesByConversation(conversationId: string): Promise<StoredMessage[]> {
  const messages = await listMessagesByConversation(conversationId);
  for (let i = 0; i < messages.length; i += 25) {
    let requests: Record<string, unknown[]> | undefined = {
      [messagesTable()]: messages
        .slice(i, i + 25)
        .map((message) => ({ DeleteRequest: { Key: messageKey(message) } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result = await ddb.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
  return messages;
}
