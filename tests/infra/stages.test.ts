import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { accountWideName } from '../../infra/src/constructs/names';
import { type CfnJson, logicalId, type Resource, resourcesOf, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });

/** Resource types whose physical name, if fixed, would collide with a retained copy on the next deploy. */
const NAMED_PROPERTY: Record<string, string> = {
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::DynamoDB::Table': 'TableName',
};

const retainedResources = (template: typeof dev.template) =>
  Object.entries(template.toJSON().Resources as Record<string, Resource>).filter(
    ([, resource]) => resource.DeletionPolicy === 'Retain',
  );

describe('a dev stage cleans up after itself', () => {
  it('deletes its buckets, emptying them first', () => {
    const buckets = resourcesOf(dev.template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThan(0);
    for (const [id, bucket] of Object.entries(buckets)) expect(bucket.DeletionPolicy, id).toBe('Delete');
    // One auto-delete custom resource per bucket.
    expect(Object.keys(resourcesOf(dev.template, 'Custom::S3AutoDeleteObjects'))).toHaveLength(
      Object.keys(buckets).length,
    );
  });

  it('deletes its secrets and its user pool', () => {
    for (const type of ['AWS::SecretsManager::Secret', 'AWS::Cognito::UserPool']) {
      for (const [id, resource] of Object.entries(resourcesOf(dev.template, type))) {
        expect(resource.DeletionPolicy, id).toBe('Delete');
      }
    }
  });

  it('keeps only the credits table, the record of money, and says so', () => {
    expect(retainedResources(dev.template).map(([id]) => id)).toEqual([
      logicalId(dev.stack.data.tables.credits),
    ]);
    dev.template.hasOutput('RetainedOnDelete', { Value: 'the credits table' });
  });
});

describe('a prod stage keeps its data and says so', () => {
  it('retains its tables, images and logs buckets, secrets and user pool', () => {
    const retained = new Set(retainedResources(prod.template).map(([id]) => id));
    const kept = [
      ...Object.values(prod.stack.data.tables),
      prod.stack.storage.imagesBucket,
      prod.stack.storage.accessLogsBucket,
      prod.stack.auth.userPool,
      ...Object.values(prod.stack.secrets.secrets),
    ];
    for (const construct of kept) expect(retained.has(logicalId(construct)), construct.node.path).toBe(true);
    expect(Object.keys(resourcesOf(prod.template, 'Custom::S3AutoDeleteObjects'))).toEqual([
      expect.stringContaining('Site'),
    ]);
  });

  it('names what a stack deletion leaves behind in an output', () => {
    const output = prod.template.findOutputs('RetainedOnDelete').RetainedOnDelete;
    for (const thing of ['credits', 'images', 'user pool', 'secrets']) expect(output?.Value).toContain(thing);
  });
});

describe('a stage can be deleted and deployed again', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: no retained resource has a fixed physical name', (_stage, { template }) => {
    for (const [id, resource] of retainedResources(template)) {
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
    const inIreland = accountWideNames(synth({ stage: 'prod', env: { region: 'eu-west-1' } }).template);
    const inOregon = accountWideNames(synth({ stage: 'prod', env: { region: 'us-west-2' } }).template);
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
