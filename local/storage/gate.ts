import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSignedBy, type LocalCredentials } from '../sigv4';

const ACCESS_DENIED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`;

export interface StorageGate {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A gate in front of s3rver, which serves anyone who asks and takes any SigV4 signature
 * without checking it. Only requests signed with the local credentials pass: SDK calls
 * (Authorization header) and presigned URLs. CORS preflights pass too (they never carry a
 * signature; s3rver answers them from the bucket's CORS rules). What passes goes to s3rver's
 * own request handler in this process, as it came (one HTTP hop per object, not two).
 */
export async function startStorageGate(options: {
  port: number;
  storage: (req: IncomingMessage, res: ServerResponse) => void;
  credentials: LocalCredentials;
}): Promise<StorageGate> {
  const faults = new StorageFaults();
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    if (isFaultRequest(req)) return faults.arm(req, res);
    if (faults.hangsUp(req)) return req.socket.destroy();
    options.storage(req, res);
  };
  const server = createServer((req, res) => {
    admit(req, options.credentials)
      .then((admitted) => (admitted ? pass(req, res) : deny(req, res)))
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

/**
 * Whether a request may reach the storage. Browser POST uploads (presigned POST policies) are
 * refused: every upload of the app is a presigned PUT bound to its size and type.
 */
async function admit(req: IncomingMessage, credentials: LocalCredentials): Promise<boolean> {
  if (req.method === 'OPTIONS') return true;
  if (req.method === 'POST' && /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''))) {
    return false;
  }
  const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
  return isSignedBy(request, credentials, 's3');
}

function deny(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  res.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
  res.end(ACCESS_DENIED);
}

/** Where a signed PUT arms a storage fault (tests): `{ "keyPattern": "<regular expression>", "count"?: n }`. */
export const HANG_UP_FAULT_KEY = '_local-faults/hang-up';

const isFaultRequest = (req: IncomingMessage) =>
  req.method === 'PUT' && (req.url ?? '').split('?')[0]?.endsWith(`/${HANG_UP_FAULT_KEY}`);

/**
 * Transient failures on demand, so tests can see the app ride them out as it must in AWS: a
 * request for an object whose key matches an armed pattern has its connection dropped without
 * an answer (the SDK reads 'socket hang up'), `count` times or, without a count, every time.
 */
class StorageFaults {
  private readonly armed: { pattern: RegExp; left: number }[] = [];

  arm(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const { keyPattern, count } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        this.armed.push({ pattern: new RegExp(String(keyPattern)), left: Number(count ?? Infinity) });
        res.writeHead(200, { etag: '"fault"' });
      } catch {
        res.writeHead(400);
      }
      res.end();
    });
  }

  /** Whether this request is to be hung up; counts it against its fault. */
  hangsUp(req: IncomingMessage): boolean {
    // Path-style: /<bucket>/<key>
    const key = decodeURIComponent((req.url ?? '/').split('?')[0]?.split('/').slice(2).join('/') ?? '');
    const fault = this.armed.find(({ pattern, left }) => left > 0 && pattern.test(key));
    if (fault) fault.left--;
    return Boolean(fault);
  }
}
