import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompareTest, ImageRef } from '@thumbnail-studio/contract';
import { ddb } from '../lib/sdk-clients';
import { tableName, unlessConditionFails } from './dynamo';

/**
 * A creator's Test & Compare tests live in the models table beside their person models and brand
 * kit (the creator's own things), one item each under `test#<id>`: outside `model#` and `count#`,
 * so neither lists nor counts them. Ids are ULIDs, so the sort key orders them by time.
 */
const TEST_PREFIX = 'test#';

/** A test as the models table holds it: its images by reference, with the prompt each had. */
export interface StoredCompareTest {
  user_id: string;
  sk: `${typeof TEST_PREFIX}${string}`;
  id: string;
  created_at: string;
  images: (ImageRef & { prompt: string | null })[];
  titles: string[];
  winner: CompareTest['winner'];
}

const table = () => tableName('models');
const testKey = (userId: string, id: string) => ({ user_id: userId, sk: `${TEST_PREFIX}${id}` as const });

/** Stores a new test of the creator's. */
export async function putCompareTest(
  userId: string,
  test: Omit<StoredCompareTest, 'user_id' | 'sk'>,
): Promise<StoredCompareTest> {
  const item: StoredCompareTest = { ...testKey(userId, test.id), ...test };
  await ddb.send(new PutCommand({ TableName: table(), Item: item }));
  return item;
}

/** The creator's latest `limit` tests, newest first. */
export async function listCompareTestsByUser(userId: string, limit: number): Promise<StoredCompareTest[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'user_id = :user AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':user': userId, ':prefix': TEST_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []) as StoredCompareTest[];
}

/** One of the creator's tests (the owner is part of the key), or undefined. */
export async function getCompareTest(userId: string, id: string): Promise<StoredCompareTest | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: table(), Key: testKey(userId, id) }));
  return Item as StoredCompareTest | undefined;
}

/** Sets the test's winner (a later record replaces it); undefined when the test is gone. */
export async function setCompareWinner(
  userId: string,
  id: string,
  winner: NonNullable<StoredCompareTest['winner']>,
): Promise<StoredCompareTest | undefined> {
  const updated = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: testKey(userId, id),
        UpdateExpression: 'SET winner = :winner',
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeValues: { ':winner': winner },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return updated ? (updated.Attributes as StoredCompareTest) : undefined;
}
