import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BrandKit, BrandTextStyle, FontId } from '@thumbnail-studio/contract';
import { ddb } from '../lib/sdk-clients';
import { tableName, unlessConditionFails } from './dynamo';

/**
 * A creator's brand kit lives in the models table beside their person models (the creator's own
 * assets), one item under this key: outside `model#` and `count#`, so neither lists nor counts it.
 */
const KIT_SK = 'brand-kit';

/** The logo as stored: its key (under the creator's own prefix) and pixel size, and where it goes. */
export type StoredLogo = Omit<NonNullable<BrandKit['logo']>, 'url'> & { key: string };

/** A brand kit as the models table holds it. */
export interface StoredBrandKit {
  user_id: string;
  sk: typeof KIT_SK;
  fonts: FontId[];
  colours: string[];
  style: BrandTextStyle;
  logo: StoredLogo | null;
  /** Bumped by every save, so two saves at once can't leave a logo file nothing names. */
  version: number;
  updated_at: string;
}

const table = () => tableName('models');

/**
 * The creator's stored kit, or undefined when they never saved one (the owner is part of the key).
 * `consistent`: false for a reader that may see a save of a moment ago late (a generation job,
 * at half the read's price), true where the kit is saved over what is read.
 */
export async function getBrandKitByUser(
  userId: string,
  { consistent = true }: { consistent?: boolean } = {},
): Promise<StoredBrandKit | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: KIT_SK }, ConsistentRead: consistent }),
  );
  return Item as StoredBrandKit | undefined;
}

/**
 * Stores the creator's kit over the one read (`readVersion`, undefined: none was stored); false
 * when it was saved meanwhile.
 */
export async function putBrandKit(
  userId: string,
  kit: Pick<StoredBrandKit, 'fonts' | 'colours' | 'style' | 'logo'>,
  readVersion: number | undefined,
): Promise<StoredBrandKit | undefined> {
  const item: StoredBrandKit = {
    user_id: userId,
    sk: KIT_SK,
    ...kit,
    version: (readVersion ?? 0) + 1,
    updated_at: new Date().toISOString(),
  };
  const put = await unlessConditionFails(
    ddb.send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ...(readVersion === undefined
          ? { ConditionExpression: 'attribute_not_exists(sk)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': readVersion },
            }),
      }),
    ),
  );
  return put && item;
}
