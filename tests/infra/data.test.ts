import { describe, expect, it } from 'vitest';
import {
  indexesOf,
  type KeyAttribute,
  type TableDefinition,
  type TableName,
  tables,
} from '../../functions/src/data/tables';
import { logicalId, type Resource, resourcesOf, synth } from './synth';

const { stack, template } = synth();
const definitions = Object.entries(tables) as [TableName, TableDefinition][];
const deployed = (name: TableName) =>
  resourcesOf(template, 'AWS::DynamoDB::Table')[logicalId(stack.data.tables[name])] as Resource;

const keySchema = (partitionKey: KeyAttribute, sortKey?: KeyAttribute) => [
  { AttributeName: partitionKey.name, KeyType: 'HASH' },
  ...(sortKey ? [{ AttributeName: sortKey.name, KeyType: 'RANGE' }] : []),
];

describe('DynamoDB tables', () => {
  it('expires the per-user limit counters by themselves', () => {
    expect(tables.limits.expiresAttribute).toBe('expires_at');
  });

  it('creates one table per entry of tables.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', definitions.length);
  });

  describe.each(definitions)('%s', (name, def) => {
    it('has the keys of its definition', () => {
      expect(deployed(name).Properties.KeySchema).toEqual(keySchema(def.partitionKey, def.sortKey));
    });

    it('declares every key attribute with its type', () => {
      const keys = [
        def.partitionKey,
        def.sortKey,
        ...indexesOf(def).flatMap((i) => [i.partitionKey, i.sortKey]),
      ];
      const expected = new Map(keys.filter((k): k is KeyAttribute => !!k).map((k) => [k.name, k.type]));
      const declared = new Map(
        (
          deployed(name).Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]
        ).map((a) => [a.AttributeName, a.AttributeType]),
      );
      expect(declared).toEqual(expected);
    });

    it('lets DynamoDB delete expired items only where the definition says so', () => {
      const ttl = deployed(name).Properties.TimeToLiveSpecification;
      if (def.expiresAttribute) expect(ttl).toEqual({ AttributeName: def.expiresAttribute, Enabled: true });
      else expect(ttl).toBeUndefined();
    });

    it('has exactly its local and global indexes', () => {
      const props = deployed(name).Properties;
      const expectIndexes = (kind: 'local' | 'global', deployedIndexes: unknown) => {
        const wanted = indexesOf(def)
          .filter((i) => i.kind === kind)
          .map((i) => ({
            IndexName: i.name,
            KeySchema: keySchema(i.partitionKey, i.sortKey),
            Projection: { ProjectionType: i.projection === 'keys' ? 'KEYS_ONLY' : 'ALL' },
          }));
        expect(deployedIndexes ?? []).toEqual(wanted);
      };
      expectIndexes('local', props.LocalSecondaryIndexes);
      expectIndexes('global', props.GlobalSecondaryIndexes);
    });

    it('is on demand, encrypted and has point-in-time recovery', () => {
      expect(deployed(name).Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      });
    });
  });

  it('keeps the credits table, the record of money, even where the other tables go with the stage', () => {
    const dev = synth({ stage: 'dev' });
    const table = (name: TableName) =>
      resourcesOf(dev.template, 'AWS::DynamoDB::Table')[logicalId(dev.stack.data.tables[name])] as Resource;
    expect(table('credits')).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
    expect(table('conversations').DeletionPolicy).toBe('Delete');
  });
});
