import { existsSync } from 'node:fs';
import type { RuntimeConfig } from '@thumbnail-studio/contract';
import { Annotations, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { nagArnRef } from '../nag';

export interface SiteDeploymentProps {
  /** The built SPA. When missing (synth without `npm run build -w web`), a placeholder page is deployed. */
  readonly distDir: string;
  readonly siteBucket: Bucket;
  /** Invalidated after each upload. */
  readonly distribution: IDistribution;
  /** Written to `/config.json` (the shape the web app validates); values may be deploy-time tokens. */
  readonly runtimeConfig: RuntimeConfig;
}

/**
 * Files of the web build that stay on the machine: source maps (the app's source, readable by
 * anyone if served), the brotli and gzip copies the local server sends (CloudFront compresses
 * by itself), and Vite's build manifest.
 */
export const LOCAL_ONLY_FILES = ['*.map', '*.br', '*.gz', '.vite'];

/**
 * Uploads the SPA in three parts, so each gets the right caching: hashed bundles under
 * `assets/` (immutable, old ones kept), the stage's `config.json` (revalidated, written from
 * deploy-time values), and last everything else (revalidated on every load), then invalidates `/*`.
 */
export class SiteDeployment extends Construct {
  readonly deployments: BucketDeployment[] = [];

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const built = existsSync(props.distDir);
    if (!built) {
      Annotations.of(this).addWarningV2(
        'thumbnail-studio:web-not-built',
        `${props.distDir} is missing: a placeholder page is deployed. Run \`npm run build -w web\` (npm run deploy does).`,
      );
    }
    const site: ISource = built
      ? Source.asset(props.distDir, { exclude: LOCAL_ONLY_FILES })
      : Source.data(
          'index.html',
          '<!doctype html><title>Thumbnail Studio</title><p>The web app was not built before this deployment.</p>',
        );

    // Hashed bundles never change under a name: cached for a year, and never pruned, so a tab
    // still running the previous index.html can load its chunks.
    const assets = built
      ? new BucketDeployment(this, 'Assets', {
          sources: [site],
          destinationBucket: props.siteBucket,
          exclude: ['*'],
          include: ['assets/*'],
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;
    const config = new BucketDeployment(this, 'Config', {
      sources: [Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: props.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/config.json'],
    });
    // The new index.html goes up, and `/*` is invalidated after it in the same deployment, only once
    // the bundles and config.json it asks for are in the bucket: never a page that points at nothing.
    const pages = new BucketDeployment(this, 'Site', {
      sources: [site],
      destinationBucket: props.siteBucket,
      exclude: ['assets/*', 'config.json'],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) pages.node.addDependency(assets);
    pages.node.addDependency(config);
    this.deployments.push(...(assets ? [assets] : []), config, pages);
    this.acknowledgeHandlerFindings(props.siteBucket);
  }

  /** The deployment handler is CDK's own; its grants come from `BucketDeployment`, not from us. */
  private acknowledgeHandlerFindings(siteBucket: Bucket): void {
    const reason = (what: string) =>
      `CDK BucketDeployment handler: ${what}, scoped by CDK to the deployment.`;
    for (const deployment of this.deployments) {
      Validations.of(deployment).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: reason('cloudfront:CreateInvalidation for the invalidation after upload'),
      });
    }
    // One singleton handler serves every deployment of the stack.
    const handler = this.deployments[0]?.handlerRole.node.scope;
    if (!handler) return;
    const wildcardActions = ['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'];
    Validations.of(handler).acknowledge(
      { id: 'AwsSolutions-L1', reason: reason('its runtime is chosen and updated by aws-cdk-lib') },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: reason('CloudWatch Logs for the handler'),
      },
      ...wildcardActions.map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: reason('reads the staged asset and syncs it into the site bucket'),
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${nagArnRef(siteBucket)}/*]`,
        reason: reason('writes every file of the built site'),
      },
      {
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
        reason: reason('reads the zipped site from the CDK bootstrap assets bucket'),
      },
    );
  }
}
