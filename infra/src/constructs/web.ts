import { PROVIDER_ORIGINS } from '@thumbnail-studio/providers/defaults';
import { Aws, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  type ErrorResponse,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
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
import { Construct } from 'constructs';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../security-headers';
import type { CustomDomain } from '../settings';
import { accountWideName } from './names';
import { SiteDeployment } from './site-deployment';

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
  /**
   * Serve the app on this host name with this certificate; the operator points the name's DNS
   * record at the distribution (the `DistributionDomainName` output).
   * @default - the distribution's own `*.cloudfront.net` name
   */
  readonly customDomain?: CustomDomain;
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
 * Every error code whose caching a distribution may set. Their error caching time is 0: an API
 * answer such as API Gateway's 503, or a poll's 500, is never served again to later requests
 * (CloudFront's default is 10 s). Without a page or a response code, CloudFront passes the origin's
 * own answer through, so the SPA and the API keep their bodies and statuses. 429 is not among them,
 * and HTTP forbids a cache to store it (RFC 6585).
 */
export const UNCACHED_ERRORS: readonly ErrorResponse[] = [
  400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504,
].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) }));

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
      // Only the build, put back by every deploy: never worth keeping past the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: accountWideName(this, 128, 'security-headers'),
      comment: 'CSP and security headers for the Thumbnail Studio SPA and API',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognitoOrigin: `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`,
            imagesOrigin: props.imagesOrigin,
            // A creator's own key calls OpenAI and Gemini from the browser, and nothing else.
            providerOrigins: PROVIDER_ORIGINS,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hsts.maxAgeSeconds),
          includeSubdomains: SECURITY_HEADERS.hsts.includeSubdomains,
          override: true,
        },
        // nosniff, CloudFront's only value; the enums below hold the header values themselves.
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as HeadersFrameOption, override: true },
        referrerPolicy: {
          referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy,
          override: true,
        },
      },
    });

    // API Gateway's HTTP API never compresses, and CloudFront compresses only under a cache
    // policy that takes Accept-Encoding, which an all-zero TTL policy (CachingDisabled) can't.
    // This one caches nothing in practice: answers say `no-store` and carry no max-age, the
    // default TTL is 0, and the caller's token and the query are in the key besides.
    const apiPolicy = new CachePolicy(this, 'ApiCompression', {
      comment: 'Thumbnail Studio API: compressed, not cached',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // `apiEndpoint` is `https://<id>.execute-api.<region>.amazonaws.com`; the origin wants the host.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));

    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Thumbnail Studio (${props.stage})`,
      ...(domain && {
        domainNames: [domain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultRootObject: 'index.html',
      errorResponses: [...UNCACHED_ERRORS],
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteAccess', {
            originAccessControlName: accountWideName(this, 64, 'site'),
          }),
        }),
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
          cachePolicy: apiPolicy,
          compress: true,
          // Everything but Host (API Gateway routes on its own host name); includes Authorization.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    this.appOrigin = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, whose viewer TLS policy cannot be raised; a custom domain gets TLS 1.2 at least.',
      });
    }
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'The product is offered worldwide; no geo restriction.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet: the API is throttled at the stage and every route but the webhook needs a Cognito token.',
      },
    );

    new SiteDeployment(this, 'Deployment', {
      distDir: props.distDir,
      siteBucket,
      distribution: this.distribution,
      // Runtime settings, so one build serves every stage. Amplify signs in with SRP in AWS;
      // the local cloud serves its own config.json with USER_PASSWORD_AUTH.
      runtimeConfig: {
        stage: props.stage,
        region: Aws.REGION,
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.userPoolClient.userPoolClientId,
        authFlow: 'USER_SRP_AUTH',
        apiBase: '',
      },
    });
  }
}
