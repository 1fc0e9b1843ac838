import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSignedBy, isSignedPostPolicy, type LocalCredentials } from './sigv4';

/** The biggest browser POST upload the gate reads to check its policy (it holds it in memory). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;

const ACCESS_DENIED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`;

export interface StorageGate {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A gate in front of s3rver, which serves anyone who asks and takes any SigV4 signature
 * without checking it. Only requests signed with the local credentials pass: SDK calls
 * (Authorization header), presigned URLs, and browser POST uploads with a signed policy.
 * CORS preflights pass too (they never carry a signature; s3rver answers them from the
 * bucket's CORS rules). What passes is forwarded byte for byte, Host header included,
 * since the signature covers it.
 */
export async function startStorageGate(options: {
  port: number;
  upstreamPort: number;
  credentials: LocalCredentials;
}): Promise<StorageGate> {
  const server = createServer((req, res) => {
    admit(req, options.credentials)
      .then((admitted) => {
        if (!admitted) return deny(req, res);
        forward(req, res, options.upstreamPort, admitted === true ? undefined : admitted);
      })
      .catch((error) => {
        console.error('[local] storage gate failed:', error);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** true to stream the request on, the read body for a checked form, false to refuse. */
async function admit(req: IncomingMessage, credentials: LocalCredentials): Promise<boolean | Buffer> {
  if (req.method === 'OPTIONS') return true;
  const type = String(req.headers['content-type'] ?? '');
  if (req.method === 'POST' && /^multipart\/form-data/i.test(type)) {
    const body = await readUpTo(req, MAX_FORM_BYTES);
    const fields = body && formFields(body, type);
    return fields && (await isSignedPostPolicy(fields, credentials)) ? body : false;
  }
  const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
  return isSignedBy(request, credentials, 's3');
}

function deny(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  res.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
  res.end(ACCESS_DENIED);
}

function forward(req: IncomingMessage, res: ServerResponse, port: number, body: Buffer | undefined) {
  const upstream = request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

/** The text fields of a multipart form that come before its file, names lower-cased. */
function formFields(body: Buffer, contentType: string): Record<string, string> | undefined {
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return undefined;
  const fields: Record<string, string> = {};
  const parts = body.toString('latin1').split(`--${boundary}`).slice(1);
  for (const part of parts) {
    const end = part.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = part.slice(0, end);
    const name = head.match(/name="([^"]*)"/i)?.[1];
    if (!name || /filename=/i.test(head)) break;
    fields[name.toLowerCase()] = Buffer.from(part.slice(end + 4).replace(/\r\n$/, ''), 'latin1').toString(
      'utf8',
    );
  }
  return fields;
}
