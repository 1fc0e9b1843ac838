import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredMessage } from '../core/types';
import { ddb } from '../lib/clients';
import { tableName } from '../lib/env';
import { tables } from './tables';

const table = () => tableName('messages');
const byId = tables.messages.indexes[0].name;

/** A conversation's messages, oldest first (ids are ULIDs). */
export async function listMessagesByConversation(conversationId: string): Promise<StoredMessage[]> {
  const items: StoredMessage[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'conversation_id = :c',
        ExpressionAttributeValues: { ':c': conversationId },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as StoredMessage[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function putMessage(message: StoredMessage): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table(), Item: message }));
}

/** One message by id, only if the user owns it. */
export async function getMessageById(userId: string, id: string): Promise<StoredMessage | undefined> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: byId,
      KeyConditionExpression: 'id = :id',
      ExpressionAttributeValues: { ':id': id },
    }),
  );
  const found = Items?.[0] as StoredMessage | undefined;
  if (!found || found.user_id !== userId) return undefined;
  // The index is eventually consistent; read the item itself for the latest state.
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: table(),
      Key: { conversation_id: found.conversation_id, id },
      ConsistentRead: true,
    }),
  );
  return Item as StoredMessage | undefined;
}

/** Deletes every message of a conversation, 25 at a time (BatchWrite's limit); returns what it deleted. */
export async function deleteMessagesByConversation(conversationId: string): Promise<StoredMessage[]> {
  const messages = await listMessagesByConversation(conversationId);
  for (let i = 0; i < messages.length; i += 25) {
    let requests: Record<string, unknown[]> | undefined = {
      [table()]: messages.slice(i, i + 25).map((message) => ({
        DeleteRequest: { Key: { conversation_id: conversationId, id: message.id } },
      })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result = await ddb.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
  return messages;
}
