import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  indexesOf,
  type KeyAttribute,
  type TableDefinition,
  type TableName,
  tables,
} from '../../../functions/src/data/tables';
import type { FunctionAccess } from '../../../functions/src/routes';
import type { AppFunction } from './app-function';
import { pascalCase } from './names';

/**
 * Tables whose loss would lose money: kept in every stage when the stack is deleted or an update
 * replaces them (a first deploy that rolls back still deletes its new, empty one).
 */
const MONEY_TABLES: readonly TableName[] = ['credits'];

export interface DataProps {
  /**
   * What happens to the non-money tables when the stack is deleted.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
  readonly removalPolicy?: RemovalPolicy;
}

const attribute = (key: KeyAttribute) => ({
  name: key.name,
  type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

/**
 * The DynamoDB tables, one per entry of `functions/src/data/tables.ts` (the same
 * definitions the local cloud creates its tables from).
 */
export class Data extends Construct {
  readonly tables: Record<TableName, Table>;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const created: Partial<Record<TableName, Table>> = {};
    for (const [name, def] of Object.entries(tables) as [TableName, TableDefinition][]) {
      const money = MONEY_TABLES.includes(name);
      const table = new Table(this, pascalCase(name), {
        partitionKey: attribute(def.partitionKey),
        sortKey: def.sortKey && attribute(def.sortKey),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: TableEncryption.AWS_MANAGED,
        // No deletion protection: a table that refuses deletion would stop a failed first deploy's
        // rollback. A table deleted by hand can be restored from the backup DynamoDB keeps of a
        // table deleted with point-in-time recovery on.
        removalPolicy:
          money || !props.removalPolicy ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : props.removalPolicy,
        timeToLiveAttribute: def.expiresAttribute,
      });
      for (const index of indexesOf(def)) {
        if (index.kind === 'local') {
          if (!index.sortKey) throw new Error(`Local index ${name}/${index.name} needs a sort key`);
          table.addLocalSecondaryIndex({
            indexName: index.name,
            sortKey: attribute(index.sortKey),
            projectionType: ProjectionType.ALL,
          });
        } else {
          table.addGlobalSecondaryIndex({
            indexName: index.name,
            partitionKey: attribute(index.partitionKey),
            sortKey: index.sortKey && attribute(index.sortKey),
            projectionType: index.projection === 'keys' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
          });
        }
      }
      created[name] = table;
    }
    this.tables = created as Record<TableName, Table>;
  }

  /**
   * Grants `fn` read/write on each of `access.tables` (read only on `access.readOnly`, delete too
   * on `access.deletesFrom`) and passes each table's name in its `envVar`.
   */
  bindTables(fn: AppFunction, access: Pick<FunctionAccess, 'tables' | 'deletesFrom' | 'readOnly'>): void {
    for (const name of access.tables) {
      const deletes = (access.deletesFrom ?? []).includes(name);
      const write = !(access.readOnly ?? []).includes(name);
      fn.bindTable(this.tables[name], tables[name].envVar, { write, delete: deletes });
    }
  }
}
