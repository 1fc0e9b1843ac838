import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { tables } from '../../functions/src/data/tables';
import { type SecretGroup, secretGroups } from '../../functions/src/lib/settings';
import {
  IMAGE_SIGNER_ROLE_ENV,
  IMAGES_BUCKET_ENV,
  JOBS_QUEUE_URL_ENV,
} from '../../infra/src/constructs/backend-resources';
import {
  type CfnJson,
  deployedFunctions,
  logicalId,
  policyStatementsOf,
  type Resource,
  referencedIds,
  resourcesOf,
  synth,
} from './synth';

const { stack, template } = synth();
const functions = deployedFunctions(stack);
const lambdaResource = (id: string) => resourcesOf(template, 'AWS::Lambda::Function')[id] as Resource;
const environmentOf = (id: string) =>
  (lambdaResource(id).Properties.Environment?.Variables ?? {}) as Record<string, unknown>;

/** Values a provider or Stripe key starts with: none may reach the template. */
const SECRET_SHAPED =
  /\b(sk-[A-Za-z0-9_-]{8,}|sk_(live|test)_|rk_(live|test)_|whsec_|AIza[0-9A-Za-z_-]{10,})/;

describe.each(functions.map((f) => [f.name, f] as const))('function %s', (name, { access, fn }) => {
  const id = logicalId(fn);

  it('runs Node.js 22 on arm64 with JSON logs kept for a limited time', () => {
    const props = lambdaResource(id).Properties;
    expect(props).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
    expect(props.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
    const logGroupId = props.LoggingConfig.LogGroup.Ref as string;
    expect(
      resourcesOf(template, 'AWS::Logs::LogGroup')[logGroupId]?.Properties.RetentionInDays,
    ).toBeGreaterThan(0);
  });

  it('gets the env var of exactly the tables it declares', () => {
    const env = environmentOf(id);
    for (const [table, def] of Object.entries(tables)) {
      const declared = (access.tables as readonly string[]).includes(table);
      expect(env[def.envVar], `${def.envVar}`).toEqual(
        declared ? { Ref: logicalId(stack.data.tables[table as keyof typeof tables]) } : undefined,
      );
    }
  });

  it('may use exactly the tables it declares', () => {
    const dynamoResources = policyStatementsOf(template, fn)
      .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')))
      .map((s) => s.Resource);
    const tableIds = new Set(Object.values(stack.data.tables).map(logicalId));
    const granted = [...referencedIds(dynamoResources)].filter((ref) => tableIds.has(ref)).sort();
    expect(granted).toEqual(access.tables.map((t) => logicalId(stack.data.tables[t])).sort());
  });

  it('may delete items only from the tables it declares, write none it only reads, and scan none but the ledger check its ledger', () => {
    const statements = policyStatementsOf(template, fn);
    const tablesAllowing = (action: string) =>
      [...referencedIds(statements.filter((s) => [s.Action].flat().includes(action)).map((s) => s.Resource))]
        .filter((ref) => Object.values(stack.data.tables).some((table) => logicalId(table) === ref))
        .sort();
    const declared = (access.deletesFrom ?? []).map((t) => logicalId(stack.data.tables[t])).sort();
    expect(tablesAllowing('dynamodb:DeleteItem')).toEqual(declared);
    expect(tablesAllowing('dynamodb:BatchWriteItem')).toEqual(declared);
    const declaredTables = access.tables.map((t) => logicalId(stack.data.tables[t])).sort();
    // The hourly ledger check reads the whole credits table and writes nothing.
    const isLedgerCheck = name === 'reconciler';
    expect(tablesAllowing('dynamodb:Scan')).toEqual(isLedgerCheck ? declaredTables : []);
    // A table it only reads gets no write of any kind.
    const writable = access.tables
      .filter((t) => !(access.readOnly ?? []).includes(t))
      .map((t) => logicalId(stack.data.tables[t]))
      .sort();
    for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem']) {
      expect(tablesAllowing(write), write).toEqual(isLedgerCheck ? [] : writable);
    }
  });

  it('gets the bucket, queue and each group of keys iff it declares them, each with its grant', () => {
    const env = environmentOf(id);
    const statements = policyStatementsOf(template, fn);
    const allows = (action: string, resourceId: string) =>
      statements.some((s) => [s.Action].flat().includes(action) && referencedIds(s.Resource).has(resourceId));
    const bucketId = logicalId(stack.storage.imagesBucket);
    const queueId = logicalId(stack.generation.jobsQueue);

    expect(env[IMAGES_BUCKET_ENV] !== undefined).toBe(!!access.bucket);
    // Each level of bucket access adds its action: read, then write, then delete.
    const level = ['read', 'write', 'delete'].indexOf(access.bucket ?? '');
    expect(allows('s3:GetObject', bucketId)).toBe(level >= 0);
    expect(allows('s3:PutObject', bucketId)).toBe(level >= 1);
    // Copies are stored tagged pending and untagged once kept: without the right, kept ones would expire.
    expect(allows('s3:PutObjectTagging', bucketId)).toBe(level >= 1);
    expect(allows('s3:DeleteObject', bucketId)).toBe(level >= 2);
    // URLs are signed by a role of its own, which may do no more than the URLs need.
    const signerId = (env[IMAGE_SIGNER_ROLE_ENV] as { 'Fn::GetAtt'?: [string, string] } | undefined)?.[
      'Fn::GetAtt'
    ]?.[0];
    expect(signerId !== undefined).toBe(!!access.signsUrls);
    if (signerId) {
      expect(allows('sts:AssumeRole', signerId)).toBe(true);
      const signer = resourcesOf(template, 'AWS::IAM::Role')[signerId] as Resource;
      const trusted = signer.Properties.AssumeRolePolicyDocument.Statement.map(
        (s: CfnJson) => s.Principal.AWS,
      );
      expect([...referencedIds(trusted)]).toEqual([logicalId(fn.role as unknown as IConstruct)]);
      const signerActions = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
        .filter((policy) => referencedIds(policy.Properties.Roles).has(signerId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        .flatMap((s: CfnJson) => (referencedIds(s.Resource).has(bucketId) ? [s.Action].flat() : []))
        .sort();
      expect(signerActions).toEqual(level >= 1 ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject']);
    }
    expect(env[JOBS_QUEUE_URL_ENV] !== undefined).toBe(!!access.queue);
    expect(allows('sqs:SendMessage', queueId)).toBe(access.queue === 'send');
    // The worker brings a failed delivery back in about a minute instead of the visibility timeout.
    expect(allows('sqs:ChangeMessageVisibility', queueId)).toBe(access.queue === 'retry');
    for (const group of Object.keys(secretGroups) as SecretGroup[]) {
      const declared = (access.secrets ?? []).includes(group);
      const secretId = logicalId(stack.secrets.secrets[group]);
      expect(env[secretGroups[group].arnVar], group).toEqual(declared ? { Ref: secretId } : undefined);
      expect(allows('secretsmanager:GetSecretValue', secretId), group).toBe(declared);
    }
  });
});

describe('secrets', () => {
  it('no Lambda env var holds a secret-shaped value or a literal key', () => {
    for (const [id, lambda] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
      for (const [name, value] of Object.entries(
        (lambda.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
      )) {
        expect(JSON.stringify(value), `${id}.${name}`).not.toMatch(SECRET_SHAPED);
        // Anything named like a credential must be a reference (an ARN), never a literal.
        if (/KEY|SECRET|TOKEN|PASSWORD/.test(name)) expect(typeof value, `${id}.${name}`).not.toBe('string');
      }
    }
  });

  it('no secret-shaped value appears anywhere in the template', () => {
    expect(JSON.stringify(template.toJSON())).not.toMatch(SECRET_SHAPED);
  });

  it('provider keys and Stripe keys are apart: no function reads both', () => {
    for (const { name, access } of functions) {
      expect((access.secrets ?? []).length, name).toBeLessThanOrEqual(1);
    }
    expect(functions.find((f) => f.name === 'payments')?.access.secrets).toEqual(['stripe']);
    expect(functions.find((f) => f.name === 'worker')?.access.secrets).toEqual(['providers']);
  });

  it('a deploy never rewrites a key the operator set: the initial value is a constant, whatever keys the code reads', () => {
    const secrets = Object.values(resourcesOf(template, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(Object.keys(secretGroups).length);
    for (const secret of secrets) {
      expect(secret.Properties.SecretString).toBe('{}');
      expect(secret.Properties.GenerateSecretString).toBeUndefined();
    }
  });

  it('secrets are not fixed-named, so a retained one never blocks a redeploy of its stage', () => {
    for (const secret of Object.values(resourcesOf(template, 'AWS::SecretsManager::Secret'))) {
      expect(secret.Properties.Name).toBeUndefined();
    }
  });
});
