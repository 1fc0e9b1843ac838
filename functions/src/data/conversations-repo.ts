import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TITLE } from '@thumbnail-studio/contract';
import type { Conversation } from '../core/types';
import { ddb } from '../lib/sdk-clients';
import { queryAll, tableName, unlessConditionFails } from './dynamo';
import { tables } from './tables';

const table = () => tableName('conversations');

/** A user's conversations, most recently updated first. */
export function listConversationsByUser(userId: string): Promise<Conversation[]> {
  return queryAll<Conversation>({
    TableName: table(),
    IndexName: tables.conversations.indexes.byUpdated.name,
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
    ScanIndexForward: false,
  });
}

/** One conversation, only if the user owns it (the owner is part of the key). */
export async function getConversationById(userId: string, id: string): Promise<Conversation | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, id }, ConsistentRead: true }),
  );
  return Item as Conversation | undefined;
}

export async function putConversation(conversation: Conversation): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table(), Item: conversation }));
}

/** Sets fields of an existing conversation; undefined when the user has no such conversation. */
export async function updateConversation(
  userId: string,
  id: string,
  fields: Partial<Pick<Conversation, 'title' | 'updated_at'>>,
): Promise<Conversation | undefined> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  const result = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, id },
        UpdateExpression: `SET ${entries.map(([key]) => `#${key} = :${key}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key]) => [`#${key}`, key])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([key, value]) => [`:${key}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result?.Attributes as Conversation | undefined;
}

/**
 * Names the user's conversation and moves it to the top, only while it still has the default
 * title; false when it was renamed meanwhile, or is gone.
 */
export async function nameUntitledConversation(
  userId: string,
  id: string,
  title: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, id },
        UpdateExpression: 'SET title = :title, updated_at = :now',
        ConditionExpression: 'attribute_exists(id) AND title = :untitled',
        ExpressionAttributeValues: { ':title': title, ':now': updatedAt, ':untitled': DEFAULT_TITLE },
      }),
    ),
  );
  return result !== undefined;
}

/** Deletes the conversation item; true when it existed and belonged to the user. */
export async function deleteConversation(userId: string, id: string): Promise<boolean> {
  const { Attributes } = await ddb.send(
    new DeleteCommand({ TableName: table(), Key: { user_id: userId, id }, ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
}

/** A transaction item that moves the user's conversation to the top; it holds only while the conversation exists. */
export const touchConversationItem = (userId: string, id: string, updatedAt: string) => ({
  Update: {
    TableName: table(),
    Key: { user_id: userId, id },
    UpdateExpression: 'SET updated_at = :now',
    ConditionExpression: 'attribute_exists(id)',
    ExpressionAttributeValues: { ':now': updatedAt },
  },
});
