import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSignedBy, type LocalCredentials } from './sigv4';

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
  const server = createServer((req, res) => {
    admit(req, options.credentials)
      .then((admitted) => (admitted ? options.storage(req, res) : deny(req, res)))
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
