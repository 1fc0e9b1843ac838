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
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes: IndexDefinition[];
  /** Environment variable that carries the deployed table name to the functions. */
  envVar: string;
}

const S = (name: string): KeyAttribute => ({ name, type: 'S' });

export const tables = {
  /** A user's conversations; listed newest first through `by-updated`. */
  conversations: {
    partitionKey: S('user_id'),
    sortKey: S('id'),
    indexes: [{ name: 'by-updated', kind: 'local', partitionKey: S('user_id'), sortKey: S('updated_at') }],
    envVar: 'CONVERSATIONS_TABLE',
  },
  /**
   * Messages of a conversation; ids are ULIDs, so the sort key is chronological.
   * `by-pending` is sparse: only assistant messages whose job has not settled
   * carry its keys, so the sweeper finds stuck jobs without a scan.
   */
  messages: {
    partitionKey: S('conversation_id'),
    sortKey: S('id'),
    indexes: [
      { name: 'by-id', kind: 'global', partitionKey: S('id') },
      { name: 'by-pending', kind: 'global', partitionKey: S('pending_shard'), sortKey: S('pending_since') },
    ],
    envVar: 'MESSAGES_TABLE',
  },
  /** Person models and their images, per user. */
  models: {
    partitionKey: S('user_id'),
    sortKey: S('sk'),
    indexes: [],
    envVar: 'MODELS_TABLE',
  },
  /** Per user: one `balance` item and the ledger entries (`ledger#<key>`) that add up to it. */
  credits: {
    partitionKey: S('user_id'),
    sortKey: S('sk'),
    indexes: [],
    envVar: 'CREDITS_TABLE',
  },
} as const satisfies Record<string, TableDefinition>;

export type TableName = keyof typeof tables;
export const tableNames = Object.keys(tables) as TableName[];
