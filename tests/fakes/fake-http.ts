import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/** One request as a fake server received it, so tests can assert exact outgoing shapes. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined for other bodies. */
  body: unknown;
  /** multipart/form-data parts, in order. */
  parts: RecordedPart[];
}

export interface RecordedPart {
  name: string;
  /** Text fields hold a value; files hold their name, type and bytes. */
  value?: string;
  filename?: string;
  type?: string;
  bytes?: Uint8Array;
}

/** A queued failure: the next requests answer with this status instead. */
export interface Failure {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface HttpFake {
  origin: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const type = headers['content-type'] ?? '';
  const recorded: RecordedRequest = {
    method: req.method ?? '',
    path: req.url ?? '',
    headers,
    body: undefined,
    parts: [],
  };
  if (type.includes('application/json') && raw.length > 0) recorded.body = JSON.parse(raw.toString('utf8'));
  if (type.startsWith('multipart/form-data')) {
    // The platform's own multipart parser, so the fake reads exactly what a real server would.
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form.entries()) {
      recorded.parts.push(
        typeof value === 'string'
          ? { name, value }
          : {
              name,
              filename: value.name,
              type: value.type,
              bytes: new Uint8Array(await value.arrayBuffer()),
            },
      );
    }
  }
  return recorded;
}

/** Starts a loopback server on a free port that records every request before handing it on. */
export async function startHttpFake(handler: Handler, port = 0): Promise<HttpFake> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    // Browsers call the fake providers too (a creator's own key): any origin, any method, the
    // headers a preflight asks for (an API key header among them), and the preflight answered here.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', '*');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    try {
      const recorded = await record(req);
      requests.push(recorded);
      await handler(recorded, res);
    } catch (error) {
      res.writeHead(599, { 'content-type': 'text/plain' }).end(`fake server error: ${String(error)}`);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    requests,
    async stop() {
      // Stalled requests hold their sockets open; end them so the server can close.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The fake providers' one rule for keys: any key is good unless it says it is 'invalid'. */
export const refusesKey = (key: string | undefined): boolean => Boolean(key?.includes('invalid'));

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A real, small PNG (16:9, one colour) for fake providers to return. */
export async function makePng(width = 64, height = 36, color = '#3366cc'): Promise<Uint8Array> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** A real JPEG of the given size, e.g. for video thumbnails and their 120x90 placeholder. */
export async function makeJpeg(width: number, height: number, color = '#cc6633'): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** The file parts of a recorded multipart request: field name, filename and type. */
export const fileParts = (request: RecordedRequest | undefined) =>
  request?.parts.filter((p) => p.bytes).map((p) => ({ name: p.name, filename: p.filename, type: p.type }));

/** How the fakes know a text request for title ideas: the first words of its system instruction. */
export const TITLE_REQUEST_MARK = 'You write YouTube video titles';

/** The fakes' text model's title ideas, as a model writes them: numbered, some quoted, one too long. */
export const FAKE_TITLE_IDEAS = [
  '1. "I Built a Cabin in 30 Days"',
  '2. The Cabin Nobody Thought I Could Build',
  '3. **From Bare Land to Dream Cabin**',
  '4. Building a Tiny Cabin Alone in the Woods With Nothing but Hand Tools',
  '5. Is an Off-Grid Cabin Worth It?',
].join('\n');
