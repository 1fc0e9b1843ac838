import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { onEverySdkClient, withoutSdkLogging } from '../../functions/src/lib/sdk-clients';
import { addUsage, countSdkCalls, type Usage } from '../../local/lambda/sdk-usage';

const runtime = inject('runtime');

/** Clients made as the functions make theirs, counted into `usage` while `onEverySdkClient` counts. */
function countedClients(usage: Usage) {
  onEverySdkClient((client) => countSdkCalls(client, (more) => addUsage(usage, more)));
  try {
    const dynamo = withoutSdkLogging(
      new DynamoDBClient({
        endpoint: runtime.dynamodbEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const s3 = withoutSdkLogging(
      new S3Client({
        endpoint: runtime.s3Endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
    return { dynamo, db: DynamoDBDocumentClient.from(dynamo), s3 };
  } finally {
    onEverySdkClient(undefined);
  }
}

describe('counting SDK calls', () => {
  it('counts DynamoDB requests by command and the capacity DynamoDB Local reports', async () => {
    const usage: Usage = {};
    const { dynamo, db } = countedClients(usage);
    const table = `usage-${ulid().toLowerCase()}`;
    // Made uncounted: only the item calls below are the test's.
    await new DynamoDBClient({
      endpoint: runtime.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }).send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    );
    // Items under 1 KB: 1 write unit each, 2 in a transaction (DynamoDB Local says 1, and the
    // count doubles it); a read of one is half a unit (eventually consistent), a strongly
    // consistent read one.
    for (const id of ['a', 'b', 'c']) await db.send(new PutCommand({ TableName: table, Item: { id } }));
    await db.send(new GetCommand({ TableName: table, Key: { id: 'a' } }));
    await db.send(new GetCommand({ TableName: table, Key: { id: 'b' }, ConsistentRead: true }));
    await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': 'c' },
      }),
    );
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: { id: 'd' } } },
          { Put: { TableName: table, Item: { id: 'e' } } },
        ],
      }),
    );
    // A call that fails is still a request.
    await expect(
      db.send(new GetCommand({ TableName: `${table}-missing`, Key: { id: 'a' } })),
    ).rejects.toThrow();
    dynamo.destroy();

    expect(usage).toEqual({
      'dynamodb.requests': 8,
      'dynamodb.PutItem': 3,
      'dynamodb.GetItem': 3,
      'dynamodb.Query': 1,
      'dynamodb.TransactWriteItems': 1,
      'dynamodb.readUnits': 0.5 + 1 + 0.5,
      'dynamodb.writeUnits': 3 + 4,
    });
  });

  it('counts S3 requests by command and the bytes stored, and no presigned URL', async () => {
    const usage: Usage = {};
    const { s3 } = countedClients(usage);
    const key = `usage-test/${ulid()}`;
    const Bucket = 'thumbnail-studio-images';
    await s3.send(new PutObjectCommand({ Bucket, Key: `${key}-1`, Body: new Uint8Array(1000) }));
    await s3.send(new PutObjectCommand({ Bucket, Key: `${key}-2`, Body: 'x'.repeat(250) }));
    await (await s3.send(new GetObjectCommand({ Bucket, Key: `${key}-1` }))).Body?.transformToByteArray();
    await getSignedUrl(s3, new GetObjectCommand({ Bucket, Key: `${key}-2` }), { expiresIn: 60 });
    s3.destroy();

    expect(usage).toEqual({
      's3.requests': 3,
      's3.PutObject': 2,
      's3.GetObject': 1,
      's3.bytesStored': 1250,
    });
  });
});
