import { BatchGetCommand, type BatchGetCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients';
import { tableName, unlessConditionFails } from './dynamo';

const table = () => tableName('models');

/** A person model's image: its S3 key, and whether it is the model's primary (face) picture. */
export interface ModelImage {
  id: string;
  key: string;
  is_primary: boolean;
}

/** A person model as the models table holds it (sk `model#<id>`). */
export interface PersonModel {
  user_id: string;
  sk: string;
  id: string;
  name: string;
  images: ModelImage[];
  usage_count?: number;
  last_used_at?: string;
}

export const modelKey = (id: string) => `model#${id}`;

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
