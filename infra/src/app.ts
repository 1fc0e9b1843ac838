import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ThumbnailStudioStack } from './stack';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');

// Environment-agnostic on purpose: `cdk synth` needs no AWS account and does no lookups.
new ThumbnailStudioStack(app, `ThumbnailStudio-${stage}`, {
  stage,
  description: `Thumbnail Studio (${stage}): AI YouTube-thumbnail generator`,
});

// Synth fails on any unacknowledged AwsSolutions error; acknowledgements sit beside their resources.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
