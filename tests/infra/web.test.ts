import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVIDER_ORIGINS } from '@thumbnail-studio/providers/defaults';
import { Aws } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PENDING_TAG } from '../../functions/src/adapters/blob-store';
import {
  contentSecurityPolicy,
  SECURITY_HEADERS,
  START_VIEW_SCRIPT_HASH,
} from '../../infra/src/security-headers';
import { type CfnJson, logicalId, type Resource, resourcesOf, synth } from './synth';

const { app, stack, template } = synth();
const distribution = () =>
  resourcesOf(template, 'AWS::CloudFront::Distribution')[logicalId(stack.web.distribution)] as Resource;
const deployments = () => Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'));

/** Managed CloudFront policy ids (AWS documentation). */
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('buckets', () => {
  it('every bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    const buckets = resourcesOf(template, 'AWS::S3::Bucket');
    const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      const policy = policies.find(
        (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }),
      );
      const deniesHttp = policy?.Properties.PolicyDocument.Statement.some(
        (s: CfnJson) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      );
      expect(deniesHttp, id).toBe(true);
    }
  });

  it('the images bucket lets raw uploads that were never sent expire after a day', () => {
    const images = resourcesOf(template, 'AWS::S3::Bucket')[logicalId(stack.storage.imagesBucket)];
    expect(images?.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
    );
  });

  it('the images bucket lets copies of photos whose message or model was never stored expire after a day', () => {
    const images = resourcesOf(template, 'AWS::S3::Bucket')[logicalId(stack.storage.imagesBucket)];
    expect(images?.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({
        TagFilters: [{ Key: PENDING_TAG.key, Value: PENDING_TAG.value }],
        ExpirationInDays: 1,
        Status: 'Enabled',
      }),
    );
  });

  it('the images bucket accepts browser uploads from the app origin only', () => {
    const images = resourcesOf(template, 'AWS::S3::Bucket')[
      logicalId(stack.storage.imagesBucket)
    ] as Resource;
    expect(images.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedMethods: expect.arrayContaining(['PUT']),
        AllowedOrigins: [
          {
            'Fn::Join': [
              '',
              ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }],
            ],
          },
        ],
      }),
    ]);
  });
});

describe('CloudFront', () => {
  it('serves the site bucket through origin access control', () => {
    const [siteOrigin] = distribution().Properties.DistributionConfig.Origins;
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
  });

  it('compresses the app (brotli and gzip) at the edge', () => {
    // The local cloud serves the build's precompressed copies; in AWS CloudFront compresses.
    const config = distribution().Properties.DistributionConfig;
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
  });

  it('forwards /api/* to the HTTP API compressed and uncached, with every viewer header but Host', () => {
    const behaviors = distribution().Properties.DistributionConfig.CacheBehaviors;
    const policies = resourcesOf(template, 'AWS::CloudFront::CachePolicy');
    const [policyId, policy] = Object.entries(policies)[0] ?? [];
    expect(Object.keys(policies)).toHaveLength(1);
    const config = policy?.Properties.CachePolicyConfig;
    expect(config).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 1 });
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
    });
    expect(behaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        CachePolicyId: { Ref: policyId },
        Compress: true,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        ViewerProtocolPolicy: 'https-only',
      }),
    ]);
    const apiOrigin = distribution().Properties.DistributionConfig.Origins.find(
      (o: CfnJson) => o.Id === behaviors[0].TargetOriginId,
    );
    expect(apiOrigin.DomainName).toEqual({
      'Fn::Select': [
        2,
        { 'Fn::Split': ['/', { 'Fn::GetAtt': [logicalId(stack.api.httpApi), 'ApiEndpoint'] }] },
      ],
    });
  });

  it('caches no error answer, and rewrites none (the API keeps its own 403/404 and their bodies)', () => {
    const errors = distribution().Properties.DistributionConfig.CustomErrorResponses as CfnJson[];
    // Every code a distribution may set; API Gateway's 5xx among them.
    expect(errors.map((e) => e.ErrorCode)).toEqual([400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504]);
    for (const error of errors)
      expect(error, String(error.ErrorCode)).toEqual({ ErrorCode: error.ErrorCode, ErrorCachingMinTTL: 0 });
  });

  it('sends client-side routes to index.html and files as they are', () => {
    const [fn] = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'));
    const handler = new Function(`${fn?.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const route = (uri: string) => handler({ request: { uri } }).uri;
    expect(route('/')).toBe('/index.html');
    expect(route('/app/conversations/01J0ABC')).toBe('/index.html');
    expect(route('/payment-success')).toBe('/index.html');
    expect(route('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(route('/config.json')).toBe('/config.json');
    expect(distribution().Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalId(stack.web.node.findChild('SpaRouting')), 'FunctionARN'] },
      },
    ]);
  });

  it('sends the shared CSP and security headers (the local cloud sends the same)', () => {
    const [policy] = Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toEqual(
      stack.resolve(
        contentSecurityPolicy({
          cognitoOrigin: `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`,
          imagesOrigin: stack.storage.imagesOrigin,
          providerOrigins: PROVIDER_ORIGINS,
        }),
      ),
    );
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      // The one inline script (start-view.js, inlined by the build), by its hash; no other.
      `script-src 'self' ${START_VIEW_SCRIPT_HASH};`,
      "connect-src 'self' https://cognito-idp.",
      "img-src 'self' data: blob: https://thumbnail-studio-test-images-",
      // Forms post only to the app itself.
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    // A creator's own key calls exactly the two providers' API hosts from the browser, nothing more.
    expect(csp).toContain(' https://api.openai.com https://generativelanguage.googleapis.com; img-src');
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: SECURITY_HEADERS.hsts.maxAgeSeconds,
      IncludeSubdomains: SECURITY_HEADERS.hsts.includeSubdomains,
      Override: true,
    });
    expect(SECURITY_HEADERS.hsts.maxAgeSeconds).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(SECURITY_HEADERS.contentTypeOptions).toBe('nosniff');
    expect(headers.FrameOptions).toEqual({ FrameOption: SECURITY_HEADERS.frameOptions, Override: true });
    expect(headers.ReferrerPolicy).toEqual({
      ReferrerPolicy: SECURITY_HEADERS.referrerPolicy,
      Override: true,
    });
    const behaviors = [
      distribution().Properties.DistributionConfig.DefaultCacheBehavior,
      ...distribution().Properties.DistributionConfig.CacheBehaviors,
    ];
    for (const behavior of behaviors) expect(behavior.ResponseHeadersPolicyId).toBeDefined();
  });
});

describe('site deployment', () => {
  it('uploads the built site and writes config.json for this stage', () => {
    expect(deployments()).toHaveLength(3);
    const config = deployments().find(
      (d) => JSON.stringify(d.Properties.DistributionPaths) === '["/config.json"]',
    );
    const assetHash = String(config?.Properties.SourceObjectKeys[0]).replace(/\.zip$/, '');
    const written = JSON.parse(readFileSync(join(app.outdir, `asset.${assetHash}`, 'config.json'), 'utf8'));
    const markers = config?.Properties.SourceMarkers[0] as Record<string, unknown>;
    const resolved = Object.fromEntries(
      Object.entries(written).map(([key, value]) => [key, markers[value as string] ?? value]),
    );
    expect(resolved).toEqual({
      stage: 'test',
      region: { Ref: 'AWS::Region' },
      userPoolId: { Ref: logicalId(stack.auth.userPool) },
      userPoolClientId: { Ref: logicalId(stack.auth.userPoolClient) },
      authFlow: 'USER_SRP_AUTH',
      apiBase: '',
    });
  });

  it('puts up index.html and invalidates /* only after the bundles and config.json are in place', () => {
    const byPaths = (paths: string[]) =>
      Object.entries(template.findResources('Custom::CDKBucketDeployment')).find(
        ([, d]) => JSON.stringify(d.Properties.DistributionPaths) === JSON.stringify(paths),
      );
    const [, pages] = byPaths(['/*']) ?? [];
    const [configId] = byPaths(['/config.json']) ?? [];
    const [assetsId] =
      Object.entries(resourcesOf(template, 'Custom::CDKBucketDeployment')).find(
        ([, d]) => d.Properties.DistributionPaths === undefined,
      ) ?? [];
    expect([assetsId, configId]).not.toContain(undefined);
    // One deployment uploads the pages, then invalidates: the handler runs the two in that order.
    expect(pages?.Properties.DistributionId).toEqual({ Ref: logicalId(stack.web.distribution) });
    expect(pages?.DependsOn).toEqual(expect.arrayContaining([assetsId, configId]));
  });

  it('deploys a placeholder, with a warning, when web/dist is missing', () => {
    const unbuilt = synth({ webDistDir: '/nonexistent/web/dist' });
    expect(Object.keys(unbuilt.template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(2);
    Annotations.fromStack(unbuilt.stack).hasWarning(
      '*',
      Match.stringLikeRegexp('placeholder page is deployed'),
    );
  });
});

describe('user pool', () => {
  it('signs up by email, verified with a code, with the product password rule (min 6, nothing else)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
    });
  });

  it('has a public web client that hides whether an account exists and signs in only by SRP', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect([...(client?.Properties.ExplicitAuthFlows ?? [])].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client?.Properties.AllowedOAuthFlows).toBeUndefined();
  });
});

describe('outputs', () => {
  it('name the app URL, the user pool and its client', () => {
    template.hasOutput('AppUrl', {});
    template.hasOutput('UserPoolId', { Value: { Ref: logicalId(stack.auth.userPool) } });
    template.hasOutput('UserPoolClientId', { Value: { Ref: logicalId(stack.auth.userPoolClient) } });
  });
});
