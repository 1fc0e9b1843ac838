import { describe, expect, it } from 'vitest';
import { logicalId, type Resource, resourcesOf, synth } from './synth';

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
