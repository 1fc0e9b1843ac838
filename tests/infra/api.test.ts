import { readFileSync } from 'node:fs';
import { type Endpoint, type EndpointName, endpoints } from '@thumbnail-studio/contract';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { VIDEO_THUMBNAIL_SIZES } from '../../functions/src/adapters/video-thumbnails';
import { VIDEO_THUMBNAIL_TIMEOUT_MS } from '../../functions/src/lib/settings';
import { apiFunctions, type Route, routeKey, routes } from '../../functions/src/routes';
import {
  Api,
  apiRateLimitFor,
  DEFAULT_GENERATIONS_IN_FLIGHT,
  pollsWithin,
  REQUESTS_BESIDE_POLLS,
  THROTTLE_SIZING_IMAGE_SECONDS,
} from '../../infra/src/constructs/api';
import { Data } from '../../infra/src/constructs/data';
import { defaultHandlersDir, repoPath } from '../../infra/src/paths';
import { pollDelay } from '../../web/src/features/chat/utils/poll-delay';
import { logicalId, type Resource, resourcesOf, synth } from './synth';

const { stack, template } = synth();
const apiRoutes = () => Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
const authorizerId = logicalId(stack.api.httpApi.node.findChild('Cognito'));
/** The contract endpoint a route serves. */
const nameOf = (route: Route) =>
  (Object.keys(endpoints) as EndpointName[]).find(
    (name) => routeKey(endpoints[name]) === routeKey(route),
  ) as EndpointName;

/** The function a route's integration invokes. */
function targetFunctionId(route: Resource): string {
  const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
  const integration = template.toJSON().Resources[integrationId] as Resource;
  return integration.Properties.IntegrationUri['Fn::GetAtt'][0];
}

describe('payments', () => {
  it('send buyers back to the app: the payments function knows the CloudFront origin', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[
      logicalId(stack.api.functions.payments)
    ] as Resource;
    const origin = fn.Properties.Environment.Variables.APP_ORIGIN;
    expect(JSON.stringify(origin)).toContain(logicalId(stack.web.distribution));
    expect(JSON.stringify(origin)).toContain('https://');
  });

  it('read the Stripe keys from the Stripe secret, never from the environment', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[
      logicalId(stack.api.functions.payments)
    ] as Resource;
    const env = fn.Properties.Environment.Variables;
    expect(env.STRIPE_SECRETS_ARN).toEqual({ Ref: logicalId(stack.secrets.secrets.stripe) });
    expect(env.PROVIDER_SECRETS_ARN).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.STRIPE_WEBHOOK_SECRET).toBeUndefined();
  });
});

describe('shared image pages', () => {
  it('name their picture by an absolute URL on the app’s own origin: the function knows the CloudFront origin', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[
      logicalId(stack.api.functions['public-shares'])
    ] as Resource;
    const origin = fn.Properties.Environment.Variables.APP_ORIGIN;
    expect(JSON.stringify(origin)).toContain(logicalId(stack.web.distribution));
    expect(JSON.stringify(origin)).toContain('https://');
  });
});

describe('HTTP API', () => {
  it('serves exactly the routes of the route table', () => {
    const deployed = apiRoutes()
      .map((route) => route.Properties.RouteKey)
      .sort();
    expect(deployed).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s has the Cognito authorizer iff auth is true',
    (_key, route) => {
      const deployed = apiRoutes().find((r) => r.Properties.RouteKey === routeKey(route));
      if (route.auth) {
        expect(deployed?.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(deployed?.Properties.AuthorizationType).toBe('NONE');
        expect(deployed?.Properties.AuthorizerId).toBeUndefined();
      }
    },
  );

  it('is public only where the contract says so: the Stripe webhook and a shared image’s page and picture', () => {
    const publicRoutes = routes.filter((route) => !route.auth);
    expect(publicRoutes.map(routeKey).sort()).toEqual([
      'GET /api/shared/{token}',
      'GET /api/shared/{token}/image',
      'POST /api/stripe-webhook',
    ]);
    for (const route of routes) {
      expect(route.auth, routeKey(route)).toBe(!(endpoints[nameOf(route)] as Endpoint).public);
    }
    // Anyone may reach the shared pages: their function reads, and writes nothing anywhere.
    const shared = apiFunctions['public-shares'];
    expect(shared.readOnly).toEqual(shared.tables);
    expect(shared.bucket).toBe('read');
    expect(publicRoutes.filter((route) => route.path.startsWith('/api/shared/')).map((r) => r.fn)).toEqual([
      'public-shares',
      'public-shares',
    ]);
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s invokes the function the table names',
    (_key, route) => {
      const deployed = apiRoutes().find((r) => r.Properties.RouteKey === routeKey(route)) as Resource;
      expect(targetFunctionId(deployed)).toBe(logicalId(stack.api.functions[route.fn]));
    },
  );

  it('gives the uploads function time for every video-thumbnail size it may try, under the API’s 30 s', () => {
    const timeoutOf = (name: string) =>
      Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find(
        (fn) => fn.Properties.Description === `API: ${name}`,
      )?.Properties.Timeout as number;
    const worstFetch = (VIDEO_THUMBNAIL_SIZES.length * VIDEO_THUMBNAIL_TIMEOUT_MS) / 1000;
    expect(timeoutOf('uploads')).toBeGreaterThanOrEqual(worstFetch + 5);
    expect(timeoutOf('uploads')).toBeLessThan(30);
    expect(timeoutOf('reads')).toBe(10);
  });

  it('has one function per apiFunctions entry', () => {
    expect(Object.keys(stack.api.functions).sort()).toEqual(Object.keys(apiFunctions).sort());
  });

  it('accepts only access tokens of the web client of the user pool', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(stack.auth.userPoolClient) }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.',
              { Ref: 'AWS::Region' },
              '.amazonaws.com/',
              { Ref: logicalId(stack.auth.userPool) },
            ],
          ],
        },
      },
    });
  });

  it('refuses ID tokens: every authenticated route requires the scope only access tokens carry', () => {
    const deployed = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
    const publicKeys = new Set(routes.filter((route) => !route.auth).map(routeKey));
    const authenticated = deployed.filter((route) => route.Properties.AuthorizationType === 'JWT');
    expect(authenticated.length).toBe(deployed.filter((r) => !publicKeys.has(r.Properties.RouteKey)).length);
    for (const route of authenticated) {
      expect(route.Properties.AuthorizationScopes).toEqual(['aws.cognito.signin.user.admin']);
    }
    for (const route of deployed.filter((r) => publicKeys.has(r.Properties.RouteKey))) {
      expect(route.Properties.AuthorizationScopes).toBeUndefined();
    }
  });

  it('serves the $default stage with throttling and access logs', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const stage = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0] as Resource;
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
  });
});

describe('a route with auth: false (the Stripe webhook to come)', () => {
  it('gets no authorizer while its neighbours keep theirs', () => {
    const webhook: Route = { method: 'POST', path: '/api/stripe-webhook', fn: 'reads', auth: false };
    const guarded: Route = { method: 'GET', path: '/api/credits', fn: 'reads', auth: true };
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const scratch = new Stack(app, 'Scratch');
    const userPool = new UserPool(scratch, 'Pool');
    new Api(scratch, 'Api', {
      handlersDir: defaultHandlersDir,
      userPool,
      userPoolClient: userPool.addClient('Client'),
      routes: [webhook, guarded],
      resources: {
        data: new Data(scratch, 'Data'),
        imagesBucket: new Bucket(scratch, 'Images'),
        jobsQueue: new Queue(scratch, 'Jobs'),
        secrets: { providers: new Secret(scratch, 'Providers'), stripe: new Secret(scratch, 'Stripe') },
      },
    });
    const scratchTemplate = Template.fromStack(scratch);
    scratchTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/stripe-webhook',
      AuthorizationType: 'NONE',
    });
    scratchTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/credits',
      AuthorizationType: 'JWT',
    });
  });
});

describe('the throttle, sized from what waiting creators ask', () => {
  const throttleOf = (built: Pick<ReturnType<typeof synth>, 'template'>) =>
    (Object.values(resourcesOf(built.template, 'AWS::ApiGatewayV2::Stage'))[0] as Resource).Properties
      .DefaultRouteSettings;

  it("counts the chat's asks at its own pace: quick at first, then slower", () => {
    expect(pollsWithin(3)).toBe(10);
    expect(pollsWithin(60)).toBe(40);
    // Every ask inside the window is counted, and the next one falls outside it.
    const asks = pollsWithin(THROTTLE_SIZING_IMAGE_SECONDS);
    const sentAt = (n: number) =>
      Array.from({ length: n - 1 }, (_, i) => pollDelay(i + 1)).reduce((a, b) => a + b, 0);
    expect(sentAt(asks)).toBeLessThanOrEqual(THROTTLE_SIZING_IMAGE_SECONDS * 1000);
    expect(sentAt(asks + 1)).toBeGreaterThan(THROTTLE_SIZING_IMAGE_SECONDS * 1000);
  });

  it("carries the default generations in flight at the quickest image's rate, twice that at once", () => {
    const perSecond =
      (pollsWithin(THROTTLE_SIZING_IMAGE_SECONDS) + REQUESTS_BESIDE_POLLS) / THROTTLE_SIZING_IMAGE_SECONDS;
    const rate = Math.ceil(DEFAULT_GENERATIONS_IN_FLIGHT * perSecond);
    expect(rate).toBeGreaterThan(4 * 50); // four times the single 50 requests a second it replaced
    expect(throttleOf({ template })).toEqual({
      ThrottlingRateLimit: rate,
      ThrottlingBurstLimit: 2 * rate,
    });
  });

  it("follows the operator's generations in flight, unless the rate itself is set", () => {
    expect(throttleOf(synth({ generationsInFlight: 100 }))).toEqual({
      ThrottlingRateLimit: apiRateLimitFor(100),
      ThrottlingBurstLimit: 2 * apiRateLimitFor(100),
    });
    expect(throttleOf(synth({ generationsInFlight: 100, apiRateLimit: 40 }))).toEqual({
      ThrottlingRateLimit: 40,
      ThrottlingBurstLimit: 80,
    });
    // API Gateway honours no burst above its account quota.
    expect(throttleOf(synth({ generationsInFlight: 5_000 })).ThrottlingBurstLimit).toBe(5_000);
  });

  it('is explained with the same numbers in the runbook and the settings table', () => {
    const rate = apiRateLimitFor(DEFAULT_GENERATIONS_IN_FLIGHT);
    const runbook = readFileSync(repoPath('docs', 'deploy.md'), 'utf8');
    const readme = readFileSync(repoPath('infra', 'README.md'), 'utf8');
    for (const number of [
      pollsWithin(THROTTLE_SIZING_IMAGE_SECONDS),
      DEFAULT_GENERATIONS_IN_FLIGHT,
      rate,
      2 * rate,
    ]) {
      expect(runbook).toContain(` ${number} `);
    }
    expect(readme).toMatch(
      new RegExp(`\\| \`generationsInFlight\` \\| \`${DEFAULT_GENERATIONS_IN_FLIGHT}\` \\|`),
    );
    expect(readme).toContain(`${rate}`);
  });
});
