import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';

/** Reads a user's credit items straight from DynamoDB Local, to check the ledger against the balance. */
export async function readCreditItems(dynamodbEndpoint: string, userId: string) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: 'credits',
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  const balance = Items.find((item) => item.sk === 'balance');
  const ledger = Items.filter((item) => String(item.sk).startsWith('ledger#'));
  const sum = ledger.reduce((total, entry) => total + Number(entry.amount), 0);
  return { balance: balance ? Number(balance.credits) : undefined, ledger, sum };
}
