import { join } from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { VIDEO_THUMBNAIL_SIZES } from '../../../functions/src/adapters/video-thumbnails';
import { VIDEO_THUMBNAIL_TIMEOUT_MS } from '../../../functions/src/lib/settings';
import {
  type ApiFunctionName,
  apiFunctions,
  type FunctionAccess,
  type Route,
  routes as sharedRoutes,
} from '../../../functions/src/routes';
import { pollDelay } from '../../../web/src/features/chat/utils/poll-delay';
import { AppFunction } from './app-function';
import { type BackendResources, grantAccess } from './backend-resources';
import { pascalCase } from './names';

export interface ApiProps {
  /** Folder holding one `<name>.ts` entry per API function. */
  readonly handlersDir: string;
  readonly userPool: IUserPool;
  /** The SPA's client: the authorizer accepts only its access tokens. */
  readonly userPoolClient: IUserPoolClient;
  /** What the functions may be granted, each per its `apiFunctions` entry. */
  readonly resources: BackendResources;
  /**
   * The routes to serve.
   * @default the shared route table (`functions/src/routes.ts`)
   */
  readonly routes?: readonly Route[];
  /**
   * Generations creators wait on at once (sent, queued or running) that the throttle must carry.
   * @default DEFAULT_GENERATIONS_IN_FLIGHT (200)
   */
  readonly generationsInFlight?: number;
  /**
   * Steady-state requests per second for the whole API.
   * @default apiRateLimitFor(generationsInFlight)
   */
  readonly rateLimit?: number;
  /**
   * Requests the API takes at once above the steady rate.
   * @default twice `rateLimit`, at most API Gateway's burst quota (5,000)
   */
  readonly burstLimit?: number;
  /** How long the functions' logs and the access log are kept. @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
}

/** One line of JSON per request in the stage's access log. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    ip: '$context.identity.sourceIp',
  }),
);

/**
 * Timeouts that differ from the 10 s default: `uploads` fetches a video's thumbnail trying each
 * size in turn, each with its own timeout, then checks and stores the image. Still under the
 * HTTP API's own 30 s limit.
 */
export const API_FUNCTION_TIMEOUTS: Partial<Record<ApiFunctionName, Duration>> = {
  uploads: Duration.millis(VIDEO_THUMBNAIL_SIZES.length * VIDEO_THUMBNAIL_TIMEOUT_MS + 6_000),
};

/**
 * The throttle is sized for the quickest image (a provider draws one in 20 to 90 s): the chat asks
 * about a pending job fastest at its start, so the shortest wait has the most requests a second.
 */
export const THROTTLE_SIZING_IMAGE_SECONDS = 20;
/** A generation's requests beside its polls: the send, the balance and its history, the conversation list, the legibility check. */
export const REQUESTS_BESIDE_POLLS = 5;
/** Generations waited on at once that the default throttle carries. */
export const DEFAULT_GENERATIONS_IN_FLIGHT = 200;
/** API Gateway's burst quota per account and region: a stage's burst above it is not honoured. */
const ACCOUNT_BURST_QUOTA = 5_000;

/** How many times the chat asks about a pending job (at the web's own pace) within `seconds` of the send. */
export function pollsWithin(seconds: number): number {
  let polls = 1; // the first ask goes out at once
  let nextAskMs = pollDelay(polls);
  while (nextAskMs <= seconds * 1000) {
    polls += 1;
    nextAskMs += pollDelay(polls);
  }
  return polls;
}

/** Steady requests per second for `generations` in flight, each asking its polls and the rest within the quickest image. */
export function apiRateLimitFor(generations: number): number {
  const perImage = pollsWithin(THROTTLE_SIZING_IMAGE_SECONDS) + REQUESTS_BESIDE_POLLS;
  return Math.ceil((generations * perImage) / THROTTLE_SIZING_IMAGE_SECONDS);
}

/** The scope Cognito puts in every access token its user-pool sign-in issues (and in no ID token). */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The HTTP API, built from the shared route table (`functions/src/routes.ts`): one Lambda per
 * `apiFunctions` entry with exactly the access it declares, one route per `routes` entry, and the
 * Cognito JWT authorizer on every route marked `auth: true`.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<ApiFunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const fns: Partial<Record<ApiFunctionName, AppFunction>> = {};
    for (const [name, access] of Object.entries(apiFunctions) as [ApiFunctionName, FunctionAccess][]) {
      const fn = new AppFunction(this, `${pascalCase(name)}Fn`, {
        entry: join(props.handlersDir, `${name}.ts`),
        description: `API: ${name}`,
        timeout: API_FUNCTION_TIMEOUTS[name],
        // More memory is more CPU on Lambda: shorter cold starts for MB-sized bundles and
        // faster sharp re-encodes, for a few cents at this traffic.
        memorySize: 1024,
        logRetention: props.logRetention,
      });
      grantAccess(fn, access, props.resources);
      fns[name] = fn;
    }
    this.functions = fns as Record<ApiFunctionName, AppFunction>;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Thumbnail Studio API, reached through CloudFront under /api/*',
      createDefaultStage: false,
    });
    const rateLimit =
      props.rateLimit ?? apiRateLimitFor(props.generationsInFlight ?? DEFAULT_GENERATIONS_IN_FLIGHT);
    const burstLimit = props.burstLimit ?? Math.min(rateLimit * 2, ACCOUNT_BURST_QUOTA);
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit, burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { retention: props.logRetention ?? RetentionDays.ONE_MONTH }),
        ),
        format: ACCESS_LOG_FORMAT,
      },
    });

    // Access tokens carry `client_id` (no `aud`); API Gateway checks it against these clients.
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    // Explicit, so a future default authorizer cannot silently land on the webhook.
    const noAuthorizer = new HttpNoneAuthorizer();
    const integrations = new Map<ApiFunctionName, HttpLambdaIntegration>();
    const integrationFor = (name: ApiFunctionName) => {
      let integration = integrations.get(name);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(name)}Integration`, this.functions[name]);
        integrations.set(name, integration);
      }
      return integration;
    };
    for (const route of props.routes ?? sharedRoutes) {
      const added = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationFor(route.fn),
        authorizer: route.auth ? authorizer : noAuthorizer,
        // The audience check alone would also let an ID token in (its `aud` is the client);
        // only an access token carries this scope, as the local authorizer's `token_use` check demands.
        ...(route.auth ? { authorizationScopes: [ACCESS_TOKEN_SCOPE] } : {}),
      });
      if (route.auth) continue;
      for (const httpRoute of added) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'A route without a token proves its caller otherwise (the Stripe webhook checks the signature over the raw body) or is public on purpose (a shared image, found only by its unguessable token, served by a function that only reads).',
        });
      }
    }
  }
}
