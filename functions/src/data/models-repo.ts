import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/sdk-clients';
import { queryAll, TransactionFailedError, tableName, transact, unlessConditionFails } from './dynamo';

const table = () => tableName('models');

/** A person model's image: its S3 keys, and whether it is the model's primary (face) picture. */
export interface ModelImage {
  id: string;
  key: string;
  /** A small square crop for pickers; absent on models stored before thumbnails were kept. */
  thumbnail_key?: string;
  is_primary: boolean;
}

/** A person model as the models table holds it (sk `model#<id>`). */
export interface PersonModel {
  user_id: string;
  sk: string;
  id: string;
  name: string;
  images: ModelImage[];
  created_at: string;
  /** Bumped by every change, so two edits of one model can't overwrite each other. */
  version: number;
  usage_count?: number;
  last_used_at?: string;
}

export const modelKey = (id: string) => `model#${id}`;

/**
 * The item that counts a user's models (`models`), written with every new and deleted model so a
 * cap holds under concurrent uploads. Its key is outside `model#`, so lists never see it.
 */
const COUNT_SK = 'count#models';

/** The user's models among `ids`, in the order asked; ids of other users' or missing models are left out. */
export async function getModelsByIds(userId: string, ids: string[]): Promise<PersonModel[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const items: PersonModel[] = [];
  let keys: Record<string, unknown>[] | undefined = unique.map((id) => ({
    user_id: userId,
    sk: modelKey(id),
  }));
  // Throttled keys come back unprocessed; a model must never look missing because of that.
  while (keys?.length) {
    const page: BatchGetCommandOutput = await ddb.send(
      new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }),
    );
    items.push(...((page.Responses?.[table()] ?? []) as PersonModel[]));
    keys = page.UnprocessedKeys?.[table()]?.Keys;
  }
  const found = new Map(items.map((model) => [model.id, model]));
  return unique.map((id) => found.get(id)).filter((model) => model !== undefined);
}

/** Counts one more use of each model featured in a generated image. */
export async function trackModelUsage(userId: string, ids: string[], at: string): Promise<void> {
  await Promise.all(
    [...new Set(ids)].map((id) =>
      // A model deleted since the message was sent has nothing left to count.
      unlessConditionFails(
        ddb.send(
          new UpdateCommand({
            TableName: table(),
            Key: { user_id: userId, sk: modelKey(id) },
            UpdateExpression: 'ADD usage_count :one SET last_used_at = :at',
            ConditionExpression: 'attribute_exists(sk)',
            ExpressionAttributeValues: { ':one': 1, ':at': at },
          }),
        ),
      ),
    ),
  );
}

/** The user's models, oldest first (ids are time-ordered). */
export function listModelsByUser(userId: string): Promise<PersonModel[]> {
  return queryAll<PersonModel>({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :model)',
    ExpressionAttributeValues: { ':u': userId, ':model': 'model#' },
    ConsistentRead: true,
  });
}

/** One of the user's models, or undefined (the owner is part of the key). */
export async function getModelById(userId: string, id: string): Promise<PersonModel | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: modelKey(id) }, ConsistentRead: true }),
  );
  return Item as PersonModel | undefined;
}

/** How many models the user has, by their count item; undefined until it was first started. */
export async function getModelCount(userId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: COUNT_SK }, ConsistentRead: true }),
  );
  return Item ? Number(Item.models) : undefined;
}

/**
 * Starts the user's count item from their models as stored, unless it exists already. Models are
 * only stored or deleted once it exists, so nothing changes the count between the read and the put.
 */
export async function startModelCount(userId: string): Promise<number> {
  const models = (await listModelsByUser(userId)).length;
  const put = await unlessConditionFails(
    ddb.send(
      new PutCommand({
        TableName: table(),
        Item: { user_id: userId, sk: COUNT_SK, models },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );
  return put ? models : ((await getModelCount(userId)) ?? models);
}

/**
 * Stores a new model and counts it, in one transaction: only while its count item exists and,
 * with a `cap` (0: none), counts fewer. False when that does not hold.
 */
export async function putNewModel(model: PersonModel, cap: number): Promise<boolean> {
  try {
    await transact({
      model: {
        Put: { TableName: table(), Item: model, ConditionExpression: 'attribute_not_exists(sk)' },
      },
      count: {
        Update: {
          TableName: table(),
          Key: { user_id: model.user_id, sk: COUNT_SK },
          UpdateExpression: 'ADD models :one',
          ConditionExpression: cap ? 'models < :cap' : 'attribute_exists(models)',
          ExpressionAttributeValues: { ':one': 1, ...(cap ? { ':cap': cap } : {}) },
        },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError && !error.failed.has('model')) return false;
    throw error;
  }
}

/**
 * Replaces a model's name or images, only if nobody changed it since it was
 * read (its `version`); undefined when it is gone or changed meanwhile.
 */
export async function updateModel(
  model: PersonModel,
  changes: Partial<Pick<PersonModel, 'name' | 'images'>>,
): Promise<PersonModel | undefined> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const result = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: model.user_id, sk: model.sk },
        UpdateExpression: `SET ${entries.map(([key]) => `#${key} = :${key}`).join(', ')}, version = :next`,
        ConditionExpression: 'attribute_exists(sk) AND version = :version',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key]) => [`#${key}`, key])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([key, value]) => [`:${key}`, value])),
          ':version': model.version,
          ':next': model.version + 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result?.Attributes as PersonModel | undefined;
}

/**
 * Deletes a model and uncounts it, only if nobody changed it since it was read (its `version`, so
 * what it held is what was read) and its count item exists; false when either does not hold.
 */
export async function deleteCountedModel(model: PersonModel): Promise<boolean> {
  try {
    await transact({
      model: {
        Delete: {
          TableName: table(),
          Key: { user_id: model.user_id, sk: model.sk },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': model.version },
        },
      },
      count: {
        Update: {
          TableName: table(),
          Key: { user_id: model.user_id, sk: COUNT_SK },
          UpdateExpression: 'ADD models :minusOne',
          ConditionExpression: 'attribute_exists(models)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}
