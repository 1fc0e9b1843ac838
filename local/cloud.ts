import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@thumbnail-studio/contract';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { JOB_MAX_DELIVERIES } from '../functions/src/core/jobs';
import { readProviderSettings } from '../functions/src/image-providers/settings';
import { securityHeaderValues } from '../infra/src/security-headers';
import { type ApiServerOptions, createApiServer } from './api/server';
import { startCognitoLocal } from './cognito/cognito-local';
import { createLocalVerifier } from './cognito/jwt';
import { loadSigningKey } from './cognito/signing-key';
import { ensureTables, LOCAL_REGION, startDynamoLocal } from './dynamodb/dynamodb-local';
import { lambdaThread } from './lambda/thread';
import { freePort } from './ports';
import { LocalJobQueue } from './queue/job-queue';
import { localSettings } from './settings';
import { isSignedBy } from './sigv4';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalCloudOptions {
  port: number;
  /** The address the app server listens on. @default '127.0.0.1' (loopback only) */
  host?: string;
  dataDir: string;
  webDist?: string;
}

export interface LocalCloud {
  url: string;
  dataDir: string;
  userPoolId: string;
  clientId: string;
  cognitoEndpoint: string;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {}

/**
 * Starts the whole product on this machine: DynamoDB Local, cognito-local,
 * s3rver and the API server that calls the same Lambda handlers as AWS.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Before any function makes an SDK client: the API functions run in this thread.
  const usage = localSettings().LOCAL_COUNT_USAGE ? await countUsage() : undefined;
  const serverOptions: ApiServerOptions = {
    webDist: options.webDist ?? path.join(repoRoot, 'web', 'dist'),
    securityHeaders: securityHeaderValues({}, false),
  };
  const server = createApiServer(serverOptions);
  // Claim the port first, so a taken port fails fast, before any child starts.
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new PortInUseError(`Port ${options.port} is already in use.`) : error,
      ),
    );
    server.listen(options.port, options.host ?? '127.0.0.1');
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  const stops: (() => Promise<void>)[] = [
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  ];
  const stop = async () => {
    server.closeAllConnections();
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  let dynamoStarting: Promise<{ stop(): Promise<void> }> | undefined;
  try {
    // DynamoDB Local's JVM takes longest, so it starts first; the modules needed only once it
    // answers (s3rver, the Cognito and Stripe wiring) load meanwhile. The backend's modules
    // (sweeper, requeue) wait for the environment set below: some read it as they load.
    const dynamoStarted = freePort().then((p) => startDynamoLocal(dataDir, p, url));
    dynamoStarting = dynamoStarted;
    const [{ S3RVER_CREDENTIALS, startS3Local }, { ensureUserPool }, { startLocalStripe }] =
      await Promise.all([import('./storage/s3'), import('./cognito/user-pool'), import('./stripe/wiring')]);
    const signingKey = loadSigningKey(dataDir);
    const [dynamo, s3, cognito] = await Promise.all([
      dynamoStarted,
      freePort().then((p) => startS3Local(dataDir, p, url)),
      // The issuer names the app's /cognito path, so tokens outlive cognito-local's random port.
      freePort().then((p) =>
        startCognitoLocal({ dataDir, port: p, issuerDomain: `${url}/cognito`, signingKey }),
      ),
    ]);
    stops.push(dynamo.stop, s3.stop, cognito.stop);
    const [{ env: tableEnv, addedIndexes }, pool] = await Promise.all([
      ensureTables(dynamo.client),
      ensureUserPool(dataDir, cognito.endpoint),
    ]);

    // The environment the Lambdas get from CDK in AWS; the SDK reads the endpoints itself.
    Object.assign(process.env, tableEnv, {
      AWS_ENDPOINT_URL_SQS: `${url}/sqs`,
      JOBS_QUEUE_URL: `${url}/sqs/000000000000/jobs`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      IMAGES_BUCKET: s3.bucket,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      APP_ORIGIN: url,
      // The worker shares PROVIDER_CALLS_AT_ONCE among this many jobs at once, as in AWS.
      WORKER_CONCURRENCY: String(localSettings().LOCAL_WORKER_CONCURRENCY),
    });
    // Messages kept from an earlier version join the indexes it lacked (the gallery, a job's
    // context images), as `npm run backfill-gallery` does for a deployed table.
    if (addedIndexes.some((index) => index.startsWith('messages/'))) {
      const { backfillMessageIndexes } = await import('../functions/src/data/image-index-backfill');
      await backfillMessageIndexes();
    }
    const stripe = await startLocalStripe(url, dataDir);
    if (stripe) stops.push(stripe.stop);

    // The worker runs in a thread of its own, as it runs in Lambdas of its own in AWS. sharp is
    // held by this thread too: a thread that ends must not unload the native library under it.
    const worker = lambdaThread<SQSEvent, SQSBatchResponse>(
      new URL('../functions/src/handlers/worker.ts', import.meta.url),
      'handler',
      usage ? { countSdkUsageAs: 'worker' } : {},
    );
    stops.push(() => worker.stop());
    void import('sharp').catch(() => undefined);
    const invokeWorker = usage ? usage.withCpuCounted(worker.invoke) : worker.invoke;
    const queue = new LocalJobQueue(async () => invokeWorker, {
      maxReceiveCount: JOB_MAX_DELIVERIES,
      visibilityTimeoutMs: localSettings().LOCAL_QUEUE_RETRY_MS,
      maxConcurrency: localSettings().LOCAL_WORKER_CONCURRENCY,
    });
    stops.push(async () => queue.stop());
    const sweeper = await startSweeper();
    stops.push(async () => clearInterval(sweeper));

    const jwks = { keys: [signingKey.publicJwk] };
    const verifier = createLocalVerifier(`${url}/cognito/${pool.userPoolId}`, pool.clientId, jwks);
    // Cognito is reached through this origin; images and uploads go to the storage gate.
    // A creator's own key calls the providers from the browser, at the configured base URLs.
    const providers = readProviderSettings(process.env);
    const providerBaseUrls = { openai: providers.OPENAI_BASE_URL, gemini: providers.GEMINI_BASE_URL };
    serverOptions.securityHeaders = securityHeaderValues(
      {
        imagesOrigin: s3.endpoint,
        providerOrigins: Object.values(providerBaseUrls).map((base) => new URL(base).origin),
      },
      false,
    );
    const config: RuntimeConfig = {
      stage: 'local',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      cognitoEndpoint: `${url}/cognito`,
      authFlow: 'USER_PASSWORD_AUTH',
      apiBase: '',
      providerBaseUrls,
    };
    serverOptions.runtime = {
      config,
      cognitoEndpoint: cognito.endpoint,
      jwks,
      isSignedByApp: (request, service) => isSignedBy(request, S3RVER_CREDENTIALS, service),
      verify: (authorization) => verifier.verify(authorization),
      queue,
      queueStats: () => queue.stats(),
      ...(usage ? { usage: usage.usage } : {}),
      health: async () => ({
        api: 'up',
        dynamodb: await probe(dynamo.endpoint),
        cognito: await probe(`${cognito.endpoint}/health`),
        s3: await probe(s3.endpoint),
      }),
    };
    // Where each service answers this run, for tests and tools (ports change per start).
    const runtimeFile = path.join(dataDir, 'runtime.json');
    await writeFile(
      runtimeFile,
      `${JSON.stringify({ url, ...pool, cognitoEndpoint: cognito.endpoint, dynamodbEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint, stripeUrl: stripe?.url }, null, 2)}\n`,
    );
    stops.unshift(() => rm(runtimeFile, { force: true }));
    const { requeuePendingJobs } = await import('./queue/requeue');
    await requeuePendingJobs();
    return { url, dataDir, ...pool, cognitoEndpoint: cognito.endpoint, stop };
  } catch (error) {
    await stop();
    // A JVM still starting when something else failed is stopped too, once it has started.
    await dynamoStarting?.then((dynamo) => dynamo.stop()).catch(() => undefined);
    throw error;
  }
}

/**
 * The sweeper runs every minute, as EventBridge runs it in AWS. The local
 * queue lives in memory, so jobs a previous run left pending are queued again.
 */
async function startSweeper(): Promise<NodeJS.Timeout> {
  const { handler } = await import('../functions/src/handlers/sweeper');
  const timer = setInterval(() => {
    handler().catch((error) => console.error('[local] sweeper failed:', error));
  }, localSettings().LOCAL_SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}

/**
 * Counts this thread's SDK calls as the API's and sums them with the worker thread's, for
 * `/local/usage` (`LOCAL_COUNT_USAGE`).
 */
async function countUsage() {
  const { collectUsage, reportSdkUsage, withCpuCounted } = await import('./lambda/sdk-usage');
  const collected = collectUsage();
  reportSdkUsage('api');
  return {
    usage: collected.usage,
    withCpuCounted: <E, R>(invoke: (event: E) => Promise<R>) => withCpuCounted(invoke, collected.add),
  };
}

/** A service is up when it answers HTTP at all (any status). */
async function probe(endpoint: string): Promise<string> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
    return 'up';
  } catch {
    return 'down';
  }
}
