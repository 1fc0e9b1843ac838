import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll } from 'vitest';
import type { listRecentMessages } from '../../functions/src/data/messages-repo';

/** A client of a local cloud's DynamoDB Local, to read or change its tables straight. */
export const localDocumentClient = (dynamodbEndpoint: string) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** Takes an attribute (a path such as `image_keys.youtube`) off a stored message. */
export async function removeFromMessage(
  dynamodbEndpoint: string,
  message: { conversation_id: string; id: string },
  attribute: string,
) {
  const client = localDocumentClient(dynamodbEndpoint);
  await client.send(
    new UpdateCommand({
      TableName: 'messages',
      Key: { conversation_id: message.conversation_id, id: message.id },
      UpdateExpression: `REMOVE ${attribute}`,
    }),
  );
  client.destroy();
}

/**
 * The worker's read of a conversation, run in the test against a local cloud's DynamoDB as a Lambda
 * would: `backendEnv` gives the backend's settings that point it there, set before the backend's
 * code is first imported (it reads them once).
 */
export function useConversationRead(backendEnv: () => Record<string, string>): typeof listRecentMessages {
  let read: typeof listRecentMessages | undefined;
  beforeAll(async () => {
    Object.assign(process.env, backendEnv());
    read = (await import('../../functions/src/data/messages-repo')).listRecentMessages;
  });
  return (...args) => {
    if (!read) throw new Error('the backend is not pointed at the local cloud yet');
    return read(...args);
  };
}
