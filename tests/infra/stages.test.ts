import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { accountWideName } from '../../infra/src/constructs/names';
import { type CfnJson, logicalId, type Resource, resourcesOf, synth } from './synth';

// With the dashboard, the one account-wide name that is opt-in.
const dev = synth({ stage: 'dev', dashboard: true });
const prod = synth({ stage: 'prod' });
const production = synth({ stage: 'production' });
const keptDev = synth({ stage: 'dev', disposable: false });
const disposableQa = synth({ stage: 'qa', disposable: true });
type Synth = typeof dev;

/** Resource types whose physical name, if fixed, would collide with a retained copy on the next deploy. */
const NAMED_PROPERTY: Record<string, string> = {
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::DynamoDB::Table': 'TableName',
};

/** Types whose every resource holds data, logs or keys. */
const STATEFUL_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::Cognito::UserPool',
  'AWS::SecretsManager::Secret',
  'AWS::Logs::LogGroup',
];

/** Every resource that holds a stage's data: the stateful types and the images and access-log buckets. */
function statefulResources({ stack, template }: Synth): [string, Resource][] {
  const buckets = [stack.storage.imagesBucket, stack.storage.accessLogsBucket].map(logicalId);
  return [
    ...STATEFUL_TYPES.flatMap((type) => Object.entries(resourcesOf(template, type))),
    ...Object.entries(resourcesOf(template, 'AWS::S3::Bucket')).filter(([id]) => buckets.includes(id)),
  ];
}

const keptResources = (template: Synth['template']) =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>).filter(
    ([, resource]) => resource.DeletionPolicy !== undefined && resource.DeletionPolicy !== 'Delete',
  );

describe('a stage keeps its data unless it is disposable', () => {
  it.each([
    ['prod', prod],
    ['production', production],
    ['dev marked not disposable', keptDev],
  ])(
    '%s keeps its tables, buckets, user pool, secrets and logs on deletion and replacement',
    (_stage, synthed) => {
      const stateful = statefulResources(synthed);
      expect(stateful.length).toBeGreaterThan(10);
      for (const [id, resource] of stateful) {
        expect({ id, deletion: resource.DeletionPolicy, replacement: resource.UpdateReplacePolicy }).toEqual({
          id,
          deletion: 'RetainExceptOnCreate',
          replacement: 'Retain',
        });
      }
      // Only the site's own bucket, rebuilt on every deploy, is emptied on deletion.
      expect(Object.keys(resourcesOf(synthed.template, 'Custom::S3AutoDeleteObjects'))).toEqual([
        expect.stringContaining('Site'),
      ]);
    },
  );

  it('leaves nothing behind when a first deploy rolls back: nothing is kept unconditionally or refuses deletion', () => {
    expect(
      keptResources(prod.template).filter(([, r]) => r.DeletionPolicy !== 'RetainExceptOnCreate'),
    ).toEqual([]);
    for (const [id, pool] of Object.entries(resourcesOf(prod.template, 'AWS::Cognito::UserPool'))) {
      expect(pool.Properties.DeletionProtection, id).not.toBe('ACTIVE');
    }
    for (const [id, table] of Object.entries(resourcesOf(prod.template, 'AWS::DynamoDB::Table'))) {
      expect(table.Properties.DeletionProtectionEnabled, id).not.toBe(true);
    }
  });

  it('names what a stack deletion leaves behind in an output', () => {
    const output = production.template.findOutputs('RetainedOnDelete').RetainedOnDelete;
    for (const thing of ['credits', 'images', 'user pool', 'secrets', 'log groups']) {
      expect(output?.Value).toContain(thing);
    }
  });
});

describe('a disposable stage cleans up after itself', () => {
  it.each([
    ['dev (disposable unless told otherwise)', dev],
    ['a stage marked disposable', disposableQa],
  ])('%s deletes its buckets (emptied first), secrets, user pool and log groups', (_stage, synthed) => {
    const buckets = resourcesOf(synthed.template, 'AWS::S3::Bucket');
    for (const [id, bucket] of Object.entries(buckets)) expect(bucket.DeletionPolicy, id).toBe('Delete');
    // One auto-delete custom resource per bucket.
    expect(Object.keys(resourcesOf(synthed.template, 'Custom::S3AutoDeleteObjects'))).toHaveLength(
      Object.keys(buckets).length,
    );
    for (const type of ['AWS::SecretsManager::Secret', 'AWS::Cognito::UserPool', 'AWS::Logs::LogGroup']) {
      for (const [id, resource] of Object.entries(resourcesOf(synthed.template, type))) {
        expect(resource.DeletionPolicy, id).toBe('Delete');
      }
    }
  });

  it.each([
    ['dev', dev],
    ['qa', disposableQa],
  ])('%s keeps only the credits table, the record of money, and says so', (_stage, { stack, template }) => {
    expect(keptResources(template).map(([id]) => id)).toEqual([logicalId(stack.data.tables.credits)]);
    template.hasOutput('RetainedOnDelete', {
      Value: 'the credits table',
      Description: Match.stringLikeRegexp('This stage is disposable'),
    });
  });
});

describe('a stage can be deleted and deployed again', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: no kept resource has a fixed physical name', (_stage, { template }) => {
    for (const [id, resource] of keptResources(template)) {
      const nameProperty = NAMED_PROPERTY[resource.Type];
      if (!nameProperty) continue;
      const name = resource.Properties[nameProperty];
      if (name === undefined) continue;
      // A name is allowed only when it includes the stack's id, which every new stack draws anew.
      expect(JSON.stringify(name), id).toContain('AWS::StackId');
    }
  });

  it('the images bucket is named per stack: stable across updates, new for a new stack', () => {
    const images = resourcesOf(prod.template, 'AWS::S3::Bucket')[logicalId(prod.stack.storage.imagesBucket)];
    const name = JSON.stringify(images?.Properties.BucketName);
    expect(name).toContain('thumbnail-studio-prod-images-');
    expect(name).toContain('AWS::StackId');
  });
});

/** Where each resource type whose names are unique in the whole account keeps its name. */
const ACCOUNT_WIDE_NAMES: Record<string, (properties: CfnJson) => unknown> = {
  'AWS::CloudFront::ResponseHeadersPolicy': (p) => p.ResponseHeadersPolicyConfig.Name,
  'AWS::CloudFront::OriginAccessControl': (p) => p.OriginAccessControlConfig.Name,
  'AWS::CloudFront::CachePolicy': (p) => p.CachePolicyConfig.Name,
  'AWS::CloudFront::Function': (p) => p.Name,
  'AWS::CloudWatch::Dashboard': (p) => p.DashboardName,
};
const accountWideNames = (template: typeof dev.template) =>
  Object.entries(ACCOUNT_WIDE_NAMES).flatMap(([type, nameOf]) =>
    Object.values(resourcesOf(template, type)).map((resource) => ({
      type,
      name: nameOf(resource.Properties),
    })),
  );

describe('one stage in two regions of one account', () => {
  it('names every account-wide resource after its stack and region', () => {
    const names = accountWideNames(dev.template);
    expect(names.map((n) => n.type).sort()).toEqual(Object.keys(ACCOUNT_WIDE_NAMES).sort());
    for (const { type, name } of names) {
      expect(JSON.stringify(name), type).toContain('AWS::Region');
    }
  });

  it('takes no name the other region took', () => {
    const inIreland = accountWideNames(
      synth({ stage: 'prod', dashboard: true, env: { region: 'eu-west-1' } }).template,
    );
    const inOregon = accountWideNames(
      synth({ stage: 'prod', dashboard: true, env: { region: 'us-west-2' } }).template,
    );
    for (const { type, name } of inIreland) {
      expect(name, type).toContain('eu-west-1');
      expect(
        inOregon.map((n) => n.name),
        type,
      ).not.toContain(name);
    }
  });

  it('refuses a stack name too long for the names built from it', () => {
    const stack = new Stack(new App(), 'S'.repeat(40));
    expect(accountWideName(stack, 128, 'security-headers')).toMatch(
      /^S{40}-\$\{Token\[AWS\.Region\.\d+\]\}-security-headers$/,
    );
    expect(() => accountWideName(stack, 64, 'site')).toThrow(/too long: site .* at most 64 characters/);
  });
});
