import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import type { RuntimeInfo } from './local-cloud-process';

const dynamo = (runtime: RuntimeInfo) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: runtime.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/**
 * Puts a person model with one photo straight into the local cloud, as the
 * models table and bucket hold them: quicker than the upload endpoint for
 * tests that only need a model to exist. The photo is a plain square unless given.
 */
export async function seedPersonModel(
  runtime: RuntimeInfo,
  userId: string,
  name: string,
  photo?: Buffer,
): Promise<string> {
  const id = randomUUID();
  const key = `models/${userId}/${id}/face.jpg`;
  photo ??= await sharp({ create: { width: 400, height: 400, channels: 3, background: '#e0a080' } })
    .jpeg()
    .toBuffer();
  const s3 = new S3Client({
    endpoint: runtime.s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(
    new PutObjectCommand({
      Bucket: 'thumbnail-studio-images',
      Key: key,
      Body: photo,
      ContentType: 'image/jpeg',
    }),
  );
  s3.destroy();
  const db = dynamo(runtime);
  await db.send(
    new PutCommand({
      TableName: 'models',
      Item: {
        user_id: userId,
        sk: `model#${id}`,
        id,
        name,
        images: [{ id: 'img-1', key, is_primary: true }],
        created_at: new Date().toISOString(),
        version: 1,
      },
    }),
  );
  db.destroy();
  return id;
}

export async function readPersonModel(runtime: RuntimeInfo, userId: string, id: string) {
  const db = dynamo(runtime);
  const { Item } = await db.send(
    new GetCommand({ TableName: 'models', Key: { user_id: userId, sk: `model#${id}` } }),
  );
  db.destroy();
  return Item;
}
