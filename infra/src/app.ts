import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploySettings } from './settings';
import { ThumbnailStudioStack } from './stack';

const app = new App();
// Every operator setting is CDK context (infra/README.md, "Stages and settings", lists them), checked before anything is built.
const settings = readDeploySettings(app.node);
const { stage } = settings;

// Environment-agnostic on purpose: `cdk synth` needs no AWS account and does no lookups.
new ThumbnailStudioStack(app, `ThumbnailStudio-${stage}`, {
  ...settings,
  description: `Thumbnail Studio (${stage}): AI YouTube-thumbnail generator`,
});

// Synth fails on any unacknowledged AwsSolutions error; acknowledgements sit beside their resources.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
