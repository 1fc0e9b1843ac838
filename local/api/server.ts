import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { RuntimeConfig } from '@thumbnail-studio/contract';
import sirv from 'sirv';
import type { ApiFunctionName } from '../../functions/src/routes';
import type { LocalJwks } from '../cognito/jwt';
import { proxyCognito } from '../cognito/proxy';
import type { SignedRequest } from '../sigv4';
import { matchRoute, toApiGatewayEvent } from './gateway-events';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Lambda's synchronous payload limit; bigger requests are refused like API Gateway + Lambda would. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

type ApiHandler = (event: unknown) => Promise<{
  statusCode?: number;
  headers?: Record<string, unknown>;
  body?: string;
  isBase64Encoded?: boolean;
}>;

export interface ApiServerOptions {
  webDist: string;
  /** The headers CloudFront adds to every answer; the CSP names the local storage once it runs. */
  securityHeaders: Record<string, string>;
  /** Filled in once the services are up; until then everything but health answers 503. */
  runtime?: {
    config: RuntimeConfig;
    cognitoEndpoint: string;
    /** The install's token keys, served at `/cognito/<userPoolId>/.well-known/jwks.json` (the issuer's). */
    jwks: LocalJwks;
    /** Whether a request carries a valid SigV4 signature with the local credentials. */
    isSignedByApp(request: SignedRequest, service: string): Promise<boolean>;
    verify(authorization: string | undefined): Promise<Record<string, unknown> | undefined>;
    health(): Promise<Record<string, string>>;
    queueStats(): Record<string, number>;
    /** What the functions asked of AWS's services so far, when the cloud counts it (`LOCAL_COUNT_USAGE`). */
    usage?(): Record<string, number>;
    /** SQS, answered by the in-process queue. */
    queue: LocalSqs;
  };
}

const handlers = new Map<ApiFunctionName, Promise<ApiHandler>>();
/** The same handler modules CDK bundles, loaded on first use like a cold start. */
function loadHandler(fn: ApiFunctionName): Promise<ApiHandler> {
  let handler = handlers.get(fn);
  if (!handler) {
    handler = import(`../../functions/src/handlers/${fn}.ts`).then((module) => module.handler as ApiHandler);
    handlers.set(fn, handler);
  }
  return handler;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** The local stand-in for CloudFront + API Gateway: one origin for the app, the API and Cognito. */
export function createApiServer(options: ApiServerOptions): Server {
  // The build writes a .br and a .gz beside each text asset (web/scripts/compress.mjs): sent as they
  // are when the browser accepts them, with `Vary: Accept-Encoding`. Hashed bundles never change under
  // a name, so they are cached for a year, as the CloudFront deployment does.
  const statics = existsSync(options.webDist)
    ? sirv(options.webDist, {
        single: true,
        etag: true,
        brotli: true,
        gzip: true,
        setHeaders: (res, pathname) => {
          if (pathname.startsWith('/assets/')) res.setHeader('cache-control', IMMUTABLE);
        },
      })
    : undefined;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const runtime = options.runtime;
    for (const [name, value] of Object.entries(options.securityHeaders)) res.setHeader(name, value);
    if (url.pathname === '/api/health') {
      const services = runtime ? await runtime.health() : { api: 'starting' };
      const ok = Object.values(services).every((state) => state === 'up');
      return sendJson(res, ok ? 200 : 503, {
        status: ok ? 'ok' : 'starting',
        services,
        ...(runtime ? { queue: runtime.queueStats() } : {}),
      });
    }
    if (!runtime) return sendJson(res, 503, { error: 'The local cloud is starting' });
    if (url.pathname === '/local/usage' && runtime.usage) {
      return sendJson(res, 200, { queue: runtime.queueStats(), usage: runtime.usage() });
    }
    if (url.pathname === '/config.json') return sendJson(res, 200, runtime.config);

    if (url.pathname === `/cognito/${runtime.config.userPoolId}/.well-known/jwks.json`) {
      return sendJson(res, 200, runtime.jwks);
    }

    if (url.pathname === '/cognito' || url.pathname === '/cognito/') {
      const body = await readBody(req);
      if (!body) return sendJson(res, 413, { message: 'Request too large' });
      return proxyCognito(req, res, body, runtime.cognitoEndpoint);
    }

    if (url.pathname === '/sqs' || url.pathname === '/sqs/') {
      const body = await readBody(req);
      if (!body) return sendJson(res, 413, { message: 'Request too large' });
      // Anyone who reaches the port could queue jobs: only the app's own signed calls count.
      const signed = { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body };
      if (!(await runtime.isSignedByApp(signed, 'sqs'))) {
        res.writeHead(403, { 'content-type': 'application/x-amz-json-1.0' });
        return res.end(JSON.stringify({ __type: 'AccessDenied', message: 'The request is not signed.' }));
      }
      return answerSqs(req, res, body, runtime.queue);
    }

    if (url.pathname.startsWith('/api/')) {
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      if (!match) return sendJson(res, 404, { message: 'Not Found' });
      const claims = match.route.auth ? await runtime.verify(req.headers.authorization) : undefined;
      if (match.route.auth && !claims) return sendJson(res, 401, { message: 'Unauthorized' });
      const body = await readBody(req);
      if (!body) return sendJson(res, 413, { message: 'Request Entity Too Large' });
      const handler = await loadHandler(match.route.fn);
      const result = await handler(toApiGatewayEvent(req, url, body, match, claims));
      const headers = Object.fromEntries(
        Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
      );
      const raw = result.body
        ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
        : undefined;
      const { body: sent, encoding } = compressed(
        raw,
        headers['content-type'],
        req.headers['accept-encoding'],
      );
      res.writeHead(result.statusCode ?? 200, {
        'cache-control': 'no-store',
        ...headers,
        ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
      });
      return res.end(sent);
    }

    if (statics) return statics(req, res, () => sendJson(res, 404, { message: 'Not Found' }));
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The web app is not built yet: run `npm run build -w web` (npm start does it for you).\n');
  }

  return createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[local] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
    });
  });
}

/** Smaller answers go as they are: compressing them saves nothing worth the time (CloudFront's own floor). */
const MIN_COMPRESSED_BYTES = 1000;

/**
 * JSON compressed as CloudFront compresses `/api/*` in AWS: Brotli when the browser takes it,
 * else gzip, else as it is.
 */
export function compressed(
  body: Buffer | undefined,
  contentType: string | undefined,
  acceptEncoding: string | undefined,
): { body: Buffer | undefined; encoding?: 'br' | 'gzip' } {
  if (!body || body.length < MIN_COMPRESSED_BYTES || !/json/i.test(contentType ?? '')) return { body };
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: brotliCompressSync(body, { params }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(body), encoding: 'gzip' };
  return { body };
}

/** What the in-process queue answers of SQS. */
export interface LocalSqs {
  send(body: string): { MessageId: string; MD5OfMessageBody: string };
  changeVisibility(receiptHandle: string, seconds: number): boolean;
}

/** The SQS calls our functions make (SendMessage, ChangeMessageVisibility; AWS JSON 1.0 protocol). */
function answerSqs(req: IncomingMessage, res: ServerResponse, body: Buffer, queue: LocalSqs) {
  const target = String(req.headers['x-amz-target'] ?? '');
  const answer = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(payload));
  };
  const input = JSON.parse(body.toString('utf8'));
  if (target === 'AmazonSQS.SendMessage') return answer(200, queue.send(input.MessageBody));
  if (target === 'AmazonSQS.ChangeMessageVisibility') {
    if (queue.changeVisibility(input.ReceiptHandle, input.VisibilityTimeout)) return answer(200, {});
    return answer(400, { __type: 'ReceiptHandleIsInvalid', message: 'The receipt handle is not in flight.' });
  }
  return answer(400, { __type: 'UnsupportedOperation', message: `${target} is not supported locally` });
}
