/**
 * DynamoDB tables, defined once: the CDK data construct and the local
 * bootstrap both create them from here. Every request path is a GetItem or a
 * Query on a key or index; nothing scans.
 */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDefinition {
  name: string;
  /** `local` indexes share the table's partition key and read strongly consistent. */
  kind: 'local' | 'global';
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** `keys` copies only the table's and the index's keys into the index. @default all attributes */
  projection?: 'keys';
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** By the name the code refers to it with; `name` is the index's name in DynamoDB. */
  indexes: Record<string, IndexDefinition>;
  /** Environment variable that carries the deployed table name to the functions. */
  envVar:
    | 'CONVERSATIONS_TABLE'
    | 'MESSAGES_TABLE'
    | 'MODELS_TABLE'
    | 'CREDITS_TABLE'
    | 'LIMITS_TABLE'
    | 'SHARES_TABLE';
  /** A number attribute (epoch seconds) after which DynamoDB deletes the item by itself. */
  expiresAttribute?: string;
}

const S = (name: string): KeyAttribute => ({ name, type: 'S' });

export const tables = {
  /** A user's conversations; listed newest first through `byUpdated`. */
  conversations: {
    partitionKey: S('user_id'),
    sortKey: S('id'),
    indexes: {
      byUpdated: { name: 'by-updated', kind: 'local', partitionKey: S('user_id'), sortKey: S('updated_at') },
    },
    envVar: 'CONVERSATIONS_TABLE',
  },
  /**
   * Messages of a conversation; ids are ULIDs, so the sort key is chronological.
   * `byPending` is sparse: only assistant messages whose job has not settled
   * carry its keys, so the sweeper finds stuck jobs without a scan. `byGallery` is sparse too:
   * only a generated image carries `gallery_user_id` (its owner), so it lists a user's images
   * across conversations, newest first, and nothing else. `byImages` is sparse as well: only a
   * message with images (uploads, or a finished image) carries `image_id`, so a job finds the
   * last image messages before its request without reading the text in between.
   */
  messages: {
    partitionKey: S('conversation_id'),
    sortKey: S('id'),
    indexes: {
      byId: { name: 'by-id', kind: 'global', partitionKey: S('id') },
      byPending: {
        name: 'by-pending',
        kind: 'global',
        partitionKey: S('pending_shard'),
        sortKey: S('pending_since'),
      },
      byGallery: { name: 'by-gallery', kind: 'global', partitionKey: S('gallery_user_id'), sortKey: S('id') },
      byImages: {
        name: 'by-images',
        kind: 'global',
        partitionKey: S('conversation_id'),
        sortKey: S('image_id'),
      },
    },
    envVar: 'MESSAGES_TABLE',
  },
  /**
   * Per user: their person models and images (`model#<id>`), the item counting them
   * (`count#models`), and their brand kit (`brand-kit`).
   */
  models: {
    partitionKey: S('user_id'),
    sortKey: S('sk'),
    indexes: {},
    envVar: 'MODELS_TABLE',
  },
  /**
   * Per user: one `balance` item, the ledger entries (`ledger#<key>`) that add up to it, and one
   * `payment#<session>` item per purchase (what was refunded or disputed, and taken back).
   * `byCreated` is sparse (only entries carry `created_at`) and lists the history newest first.
   * `byHour` is sparse too (only entries carry `ledger_hour`, the hour they were written in) and
   * holds only keys: it lists the users who wrote entries in an hour, for the hourly ledger check.
   */
  credits: {
    partitionKey: S('user_id'),
    sortKey: S('sk'),
    indexes: {
      byCreated: { name: 'by-created', kind: 'global', partitionKey: S('user_id'), sortKey: S('created_at') },
      byHour: {
        name: 'by-hour',
        kind: 'global',
        partitionKey: S('ledger_hour'),
        sortKey: S('user_id'),
        projection: 'keys',
      },
    },
    envVar: 'CREDITS_TABLE',
  },
  /**
   * Per user, what the per-user limits count: one `rate#<action>#<window>` item per action and
   * time window, and one `upload#<key>` item per attachment handed out and not yet used. Every
   * item expires by itself; readers also ignore expired ones, since DynamoDB deletes them late.
   */
  limits: {
    partitionKey: S('user_id'),
    sortKey: S('sk'),
    indexes: {},
    envVar: 'LIMITS_TABLE',
    expiresAttribute: 'expires_at',
  },
  /**
   * Public links to one image each, by their unguessable token. Revoking deletes the item, and
   * the public page reads it on every request, so a revoked link stops working at once.
   */
  shares: {
    partitionKey: S('token'),
    indexes: {},
    envVar: 'SHARES_TABLE',
  },
} as const satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof tables;

/** A table's indexes as a list, for the code that creates them. */
export const indexesOf = (table: TableDefinition): IndexDefinition[] => Object.values(table.indexes);
