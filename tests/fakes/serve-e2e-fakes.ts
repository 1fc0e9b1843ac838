import { createServer, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { startFakeGemini } from './gemini-server';
import { startFakeOpenAI } from './openai-server';
import { startVideoImageHost } from './video-image-host';

/**
 * The end-to-end tests' outside world, as one process on one port (`VIDEO_HOST_PORT`):
 * - `/vi/...`: the fake video image host (`VIDEO_THUMBNAIL_BASE_URL=http://127.0.0.1:$PORT/vi`),
 *   a 1280x720 thumbnail for each id in `VIDEO_HOST_IDS` (comma-separated), 404 for the rest;
 * - `/oembed?url=...&format=json`: the video site's oEmbed (`VIDEO_OEMBED_URL=.../oembed`), the
 *   title `E2E_VIDEO_TITLE` (or 'Fake Video <id>') for each of those ids, 404 for the rest;
 * - `/openai/...` and `/gemini/...`: the fake OpenAI and Gemini APIs
 *   (`OPENAI_BASE_URL=http://127.0.0.1:$PORT/openai/v1`, `GEMINI_BASE_URL=.../gemini`), which the
 *   browser calls with a creator's own key (they answer CORS preflights);
 * - `/_recorded/openai`: what the fake OpenAI has received, for tests: each request's method,
 *   path, key and how many images it carried;
 * - `POST /_latency/openai?ms=N`: how long the fake OpenAI takes to draw an image from now on
 *   (0 at first: the image at once); over a wait it streams its partial pictures, as OpenAI does.
 * Each fake runs on a port of its own behind this one, which hands every request on as it came.
 */
const port = Number(process.env.VIDEO_HOST_PORT ?? 3101);
const ids = (process.env.VIDEO_HOST_IDS ?? 'dQw4w9WgXcQ').split(',').filter(Boolean);

/** A thumbnail that is easy to spot in screenshots: a diagonal orange-to-teal gradient. */
async function thumbnail(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#0d9488"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <circle cx="900" cy="360" r="220" fill="#fde047" opacity="0.85"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

const [host, openai, gemini] = await Promise.all([
  startVideoImageHost(),
  startFakeOpenAI(),
  startFakeGemini(),
]);
// Provider-sized answers, so the chat shows a real picture.
const answer = new Uint8Array(
  await sharp({ create: { width: 1536, height: 864, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer(),
);
openai.image(answer);
// Every request reads as an edit: with no image in the chat yet it is still a new image, and a
// follow-up edits the one before, so the end-to-end tests reach both operations.
openai.classifyAnswer('IMAGE_EDIT');
gemini.classifyAnswer('IMAGE_EDIT');
const body = await thumbnail();
for (const id of ids) {
  host.serve(`/vi/${id}/maxresdefault.jpg`, { body, contentType: 'image/jpeg' });
  host.serveTitle(id, process.env.E2E_VIDEO_TITLE ?? `Fake Video ${id}`);
}

const targets: [prefix: string, origin: string][] = [
  ['/openai', new URL(openai.url).origin],
  ['/gemini', gemini.url],
  ['', host.origin],
];

async function bodyOf(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

/** The fake OpenAI's requests as tests check them. */
const recordedOpenAI = () =>
  openai.requests.map(({ method, path, headers, parts }) => ({
    method,
    path,
    key: headers.authorization?.replace(/^Bearer /, ''),
    images: parts.filter((part) => part.filename).length,
  }));

const front = createServer(async (req, res) => {
  const path = req.url ?? '/';
  if (path === '/_recorded/openai') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(recordedOpenAI()));
    return;
  }
  if (path.startsWith('/_latency/openai') && req.method === 'POST') {
    openai.latency(Number(new URL(path, 'http://fakes').searchParams.get('ms') ?? 0));
    res.writeHead(204).end();
    return;
  }
  const [prefix, origin] = targets.find(([p]) => path === p || path.startsWith(`${p}/`)) ?? ['', host.origin];
  try {
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' && name !== 'host' ? [[name, value]] : [],
      ),
    );
    const answered = await fetch(`${origin}${path.slice(prefix.length)}`, {
      method: req.method ?? 'GET',
      headers,
      body: await bodyOf(req),
    });
    const passed = Object.fromEntries(
      [...answered.headers].filter(
        ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
      ),
    );
    res.writeHead(answered.status, passed);
    // Passed on as it comes: a streamed answer's events reach the browser as they are sent.
    if (answered.body) Readable.fromWeb(answered.body as import('node:stream/web').ReadableStream).pipe(res);
    else res.end();
  } catch (error) {
    res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
  }
});
await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
console.log(`Fake video image host and providers on http://127.0.0.1:${port} (video ids ${ids.join(', ')})`);

const stop = async () => {
  front.close();
  await Promise.all([host.stop(), openai.stop(), gemini.stop()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
