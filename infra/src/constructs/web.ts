import { existsSync } from 'node:fs';
import { Annotations, Aws, Duration, Fn, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { nagArnRef } from '../nag';

export interface WebProps {
  readonly stage: string;
  /** The built SPA. When missing (synth without `npm run build -w web`), a placeholder page is deployed. */
  readonly distDir: string;
  readonly httpApi: IHttpApi;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** `https://` origin of the images bucket, allowed in `img-src` and `connect-src`. */
  readonly imagesOrigin: string;
  readonly accessLogsBucket: IBucket;
  /** @default PriceClass.PRICE_CLASS_100 */
  readonly priceClass?: PriceClass;
}

/**
 * Client-side routes have no file extension; all of them get the SPA shell. Done at the
 * edge instead of with 403/404 error responses, which would also rewrite the API's own
 * 403/404 answers under `/api/*` into index.html.
 */
export const SPA_ROUTING_FUNCTION = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * The SPA on CloudFront: a private bucket behind origin access control, `/api/*` forwarded to
 * the HTTP API (one origin for app and API, so no CORS), security headers on every response,
 * and a runtime `config.json` so one web build serves every stage.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  /** `https://<distribution domain>`, the app's origin. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    const siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'web/',
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP and security headers for the Thumbnail Studio SPA and API',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.imagesOrigin),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    // `apiEndpoint` is `https://<id>.execute-api.<region>.amazonaws.com`; the origin wants the host.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Thumbnail Studio (${props.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new CloudFrontFunction(this, 'SpaRouting', {
              comment: 'Serves index.html for client-side routes',
              runtime: FunctionRuntime.JS_2_0,
              code: FunctionCode.fromInline(SPA_ROUTING_FUNCTION),
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host (API Gateway routes on its own host name); includes Authorization.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    this.appOrigin = `https://${this.distribution.distributionDomainName}`;
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, whose viewer TLS policy cannot be raised; set a minimum protocol when a custom domain is added.',
      },
      { id: 'AwsSolutions-CFR1', reason: 'The product is offered worldwide; no geo restriction.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet: the API is throttled at the stage and every route but the webhook needs a Cognito token.',
      },
    );

    this.deploySite(siteBucket, props);
  }

  private deploySite(siteBucket: Bucket, props: WebProps): void {
    const deployments: BucketDeployment[] = [];
    const built = existsSync(props.distDir);
    if (!built) {
      Annotations.of(this).addWarningV2(
        'thumbnail-studio:web-not-built',
        `${props.distDir} is missing: a placeholder page is deployed. Run \`npm run build -w web\` (npm run deploy does).`,
      );
    }
    const site: ISource = built
      ? Source.asset(props.distDir)
      : Source.data(
          'index.html',
          '<!doctype html><title>Thumbnail Studio</title><p>The web app was not built before this deployment.</p>',
        );

    // Hashed bundles never change under a name: cache for a year, and keep old ones (no prune)
    // so a tab still running the previous index.html can load its chunks.
    if (built) {
      deployments.push(
        new BucketDeployment(this, 'DeployAssets', {
          sources: [site],
          destinationBucket: siteBucket,
          exclude: ['*'],
          include: ['assets/*'],
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        }),
      );
    }
    // Everything else (index.html, public files) revalidates on every load.
    deployments.push(
      new BucketDeployment(this, 'DeploySite', {
        sources: [site],
        destinationBucket: siteBucket,
        exclude: ['assets/*', 'config.json'],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      }),
    );
    // Runtime settings, so the same build serves every stage. Amplify signs in with SRP in AWS;
    // the local cloud serves its own config.json with USER_PASSWORD_AUTH.
    deployments.push(
      new BucketDeployment(this, 'DeployConfig', {
        sources: [
          Source.jsonData('config.json', {
            stage: props.stage,
            region: Aws.REGION,
            userPoolId: props.userPool.userPoolId,
            userPoolClientId: props.userPoolClient.userPoolClientId,
            authFlow: 'USER_SRP_AUTH',
            apiBase: '',
          }),
        ],
        destinationBucket: siteBucket,
        prune: false,
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/config.json'],
      }),
    );
    this.acknowledgeDeploymentHandler(deployments, siteBucket);
  }

  /** The deployment handler is CDK's own; its grants come from `BucketDeployment`, not from us. */
  private acknowledgeDeploymentHandler(deployments: BucketDeployment[], siteBucket: Bucket): void {
    const reason = (what: string) =>
      `CDK BucketDeployment handler: ${what}, scoped by CDK to the deployment.`;
    for (const deployment of deployments) {
      Validations.of(deployment).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: reason('cloudfront:CreateInvalidation for the invalidation after upload'),
      });
    }
    // One singleton handler serves every deployment of the stack.
    const handler = deployments[0]?.handlerRole.node.scope;
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
        reason: reason('read the staged asset and sync it into the site bucket'),
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

/** The SPA loads only its own code; it talks to Cognito and the images bucket directly. */
function contentSecurityPolicy(imagesOrigin: string): string {
  return [
    "default-src 'self'",
    `connect-src 'self' https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX} ${imagesOrigin}`,
    `img-src 'self' data: blob: ${imagesOrigin}`,
    "media-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
