import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

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
