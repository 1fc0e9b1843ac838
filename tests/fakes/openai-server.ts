import sharp from 'sharp';
import {
  FAKE_TITLE_IDEAS,
  type Failure,
  type HttpFake,
  makePng,
  type RecordedRequest,
  refusesKey,
  sendJson,
  startHttpFake,
  TITLE_REQUEST_MARK,
} from './fake-http';

/**
 * How image requests are answered: `fail-mid-stream` streams the partial images a streamed
 * request asked for, then an error event instead of the image (a plain request fails at once).
 */
export type OpenAIMode = 'succeed' | 'refuse' | 'no-image' | 'stall' | 'fail-mid-stream';

export interface FakeOpenAI {
  /** Base URL for the SDK (`baseURL`), ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** The PNG every successful image request returns (until `image` changes it). */
  png: Uint8Array;
  /** Successful image requests answer this PNG from now on, e.g. a provider-sized photo. */
  image(png: Uint8Array): void;
  /** How image requests are answered from now on. */
  mode(mode: OpenAIMode): void;
  /** The classifier's answer to chat completions. */
  classifyAnswer(text: string): void;
  /** The classifier never answers from now on (until reset). */
  stallClassifier(): void;
  /** The answer to chat completions that ask for title ideas (`FAKE_TITLE_IDEAS` until reset). */
  titlesAnswer(text: string): void;
  /** The next `count` requests (any endpoint) fail with this status, body and headers. */
  failNext(count: number, status: number, options?: Omit<Failure, 'status'>): void;
  /**
   * Image answers wait this long first, like a real model at work. A streamed one sends its
   * partial images spread over the wait (two at 30% and 60%), and the image at its end; with no
   * wait there is nothing drawn meanwhile, and it sends the image alone.
   */
  latency(ms: number): void;
  /** The most image requests it has been answering at once (since the last reset). */
  mostImageCallsAtOnce(): number;
  /** The masks image edits were sent, in order, each checked as OpenAI checks it (refused ones too). */
  masks: ReceivedMask[];
  /** Back to succeeding, with no recorded requests and no queued failures. */
  reset(): void;
  stop(): Promise<void>;
}

/** OpenAI's error envelope. */
export const openAIError = (
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
) => ({
  error: { message, type, param, code },
});

/** What OpenAI answers when its safety system rejects an image request. */
export const MODERATION_BLOCKED = openAIError(
  'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
  'image_generation_user_error',
  'moderation_blocked',
);

/** What OpenAI's image edit checks of a `mask` part before drawing, as one edit received it. */
export interface ReceivedMask {
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
  hasAlpha: boolean;
  /** The first image's size, which the mask must match. */
  image: { width: number | undefined; height: number | undefined };
  bytes: Uint8Array;
}

/**
 * An edit's mask, read as OpenAI reads it: a PNG with an alpha channel the size of the first
 * image. Undefined when the request has no mask; `refusal` is OpenAI's error when it is unusable.
 */
async function readMask(
  request: RecordedRequest,
): Promise<{ mask: ReceivedMask; refusal?: unknown } | undefined> {
  const part = request.parts.find((p) => p.name === 'mask' && p.bytes);
  if (!part?.bytes) return undefined;
  const image = request.parts.find((p) => (p.name === 'image' || p.name === 'image[]') && p.bytes);
  const meta = await sharp(part.bytes)
    .metadata()
    .catch(() => undefined);
  const size = image?.bytes
    ? await sharp(image.bytes)
        .metadata()
        .catch(() => undefined)
    : undefined;
  const mask: ReceivedMask = {
    format: meta?.format,
    width: meta?.width,
    height: meta?.height,
    hasAlpha: Boolean(meta?.hasAlpha),
    image: { width: size?.width, height: size?.height },
    bytes: part.bytes,
  };
  const refuse = (message: string) => ({
    mask,
    refusal: openAIError(message, 'invalid_request_error', 'invalid_image_format', 'mask'),
  });
  if (meta?.format !== 'png') return refuse("Invalid mask image format - mask must be a 'PNG' file.");
  if (!meta.hasAlpha)
    return refuse("Invalid input image - format must be in ['RGBA', 'LA'] for the mask, got RGB.");
  if (meta.width !== size?.width || meta.height !== size?.height)
    return refuse('Invalid mask image - mask size does not match image size.');
  return { mask };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an image request asked to be streamed (`stream: true`), and how many partials it asked for. */
function streamOptions(request: RecordedRequest): { partials: number } | undefined {
  const field = (name: string) =>
    request.parts.find((part) => part.name === name)?.value ??
    (request.body as Record<string, unknown> | undefined)?.[name];
  const stream = field('stream');
  if (stream !== true && stream !== 'true') return undefined;
  return { partials: Math.min(3, Math.max(0, Number(field('partial_images') ?? 0))) };
}

/** OpenAI's usage figures of one image, as its completed event carries them. */
const IMAGE_USAGE = {
  input_tokens: 50,
  input_tokens_details: { image_tokens: 0, text_tokens: 50 },
  output_tokens: 4160,
  total_tokens: 4210,
};

/**
 * Answers a streamed image request as OpenAI does: server-sent events, each partial image
 * (`<kind>.partial_image` with `b64_json` and `partial_image_index`) spread over `latencyMs`
 * (at 30% and 60% for two), then `<kind>.completed` with the image and its usage, or, failing
 * mid-stream, an error event.
 */
async function streamImage(
  res: import('node:http').ServerResponse,
  kind: 'image_generation' | 'image_edit',
  partials: number,
  latencyMs: number,
  mode: OpenAIMode,
  b64: string,
) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const common = {
    created_at: Math.floor(Date.now() / 1000),
    size: '1536x1024',
    quality: 'high',
    background: 'opaque',
    output_format: 'png',
  };
  let waited = 0;
  for (let index = 0; index < partials; index++) {
    const at = Math.round((latencyMs * 0.3 * (index + 1)) / Math.max(1, partials / 2));
    await sleep(Math.max(0, Math.min(at, latencyMs) - waited));
    waited = Math.max(waited, Math.min(at, latencyMs));
    send(`${kind}.partial_image`, {
      type: `${kind}.partial_image`,
      b64_json: b64,
      partial_image_index: index,
      ...common,
    });
  }
  await sleep(Math.max(0, latencyMs - waited));
  if (mode === 'fail-mid-stream') {
    send('error', {
      type: 'error',
      error: { message: 'The server had an error.', type: 'server_error', code: null },
    });
  } else if (mode === 'no-image') {
    send(`${kind}.completed`, { type: `${kind}.completed`, b64_json: '', ...common, usage: IMAGE_USAGE });
  } else {
    send(`${kind}.completed`, { type: `${kind}.completed`, b64_json: b64, ...common, usage: IMAGE_USAGE });
  }
  res.end();
}

/**
 * A fake of the OpenAI API on loopback, speaking its wire format:
 * POST /v1/chat/completions (JSON), POST /v1/images/generations (JSON) and
 * POST /v1/images/edits (multipart/form-data), each streamed as server-sent events when asked
 * (`stream: true`), and GET /v1/models. A key with 'invalid' in it
 * is refused as OpenAI refuses a wrong key.
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const smallPng = await makePng();
  let png = smallPng;
  let b64 = Buffer.from(png).toString('base64');
  let mode: OpenAIMode = 'succeed';
  let answer = 'NEW_IMAGE';
  let classifierStalls = false;
  let titles = FAKE_TITLE_IDEAS;
  let latencyMs = 0;
  const failures: Failure[] = [];
  let imageCalls = 0;
  let mostImageCalls = 0;
  const masks: ReceivedMask[] = [];

  const http: HttpFake = await startHttpFake(async (request, res) => {
    const failure = failures.shift();
    if (failure) {
      return sendJson(
        res,
        failure.status,
        failure.body ?? openAIError('The server had an error.', 'server_error'),
        {
          ...failure.headers,
        },
      );
    }
    if (refusesKey(request.headers.authorization?.replace(/^Bearer /, ''))) {
      return sendJson(
        res,
        401,
        openAIError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    // Testing a key: the model list (the cheapest call there is).
    if (request.method === 'GET' && request.path === '/v1/models') {
      const model = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'openai' });
      return sendJson(res, 200, { object: 'list', data: [model('gpt-image-2'), model('gpt-4o-mini')] });
    }
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      if (classifierStalls) return; // never answers: the classifier's timeout or an abort has to end it
      const { model, messages } = request.body as { model?: string; messages?: { content?: unknown }[] };
      const asksTitles = String(messages?.[0]?.content ?? '').startsWith(TITLE_REQUEST_MARK);
      return sendJson(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: asksTitles ? titles : answer },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 50, completion_tokens: 2, total_tokens: 52 },
      });
    }
    if (request.method === 'POST' && ['/v1/images/generations', '/v1/images/edits'].includes(request.path)) {
      if (mode === 'stall') return; // never answers: the client's timeout has to end it
      const masked = await readMask(request);
      if (masked) masks.push(masked.mask);
      if (masked?.refusal) return sendJson(res, 400, masked.refusal);
      imageCalls++;
      mostImageCalls = Math.max(mostImageCalls, imageCalls);
      try {
        const streamed = streamOptions(request);
        if (streamed && mode !== 'refuse') {
          const kind = request.path.endsWith('/edits') ? 'image_edit' : 'image_generation';
          return await streamImage(res, kind, latencyMs > 0 ? streamed.partials : 0, latencyMs, mode, b64);
        }
        if (latencyMs > 0) await sleep(latencyMs);
        if (mode === 'refuse') return sendJson(res, 400, MODERATION_BLOCKED);
        if (mode === 'fail-mid-stream')
          return sendJson(res, 500, openAIError('The server had an error.', 'server_error'));
        const data = mode === 'no-image' ? [] : [{ b64_json: b64 }];
        return sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data, output_format: 'png' });
      } finally {
        imageCalls--;
      }
    }
    sendJson(res, 404, openAIError(`Unknown path ${request.path}`, 'invalid_request_error'));
  });

  return {
    url: `${http.origin}/v1`,
    requests: http.requests,
    get png() {
      return png;
    },
    image: (next) => {
      png = next;
      b64 = Buffer.from(next).toString('base64');
    },
    mode: (next) => {
      mode = next;
    },
    classifyAnswer: (text) => {
      answer = text;
    },
    stallClassifier: () => {
      classifierStalls = true;
    },
    titlesAnswer: (text) => {
      titles = text;
    },
    latency: (ms) => {
      latencyMs = ms;
    },
    mostImageCallsAtOnce: () => mostImageCalls,
    masks,
    failNext: (count, status, options = {}) => {
      for (let i = 0; i < count; i++) failures.push({ status, ...options });
    },
    reset: () => {
      png = smallPng;
      b64 = Buffer.from(png).toString('base64');
      mode = 'succeed';
      answer = 'NEW_IMAGE';
      classifierStalls = false;
      titles = FAKE_TITLE_IDEAS;
      latencyMs = 0;
      mostImageCalls = 0;
      failures.length = 0;
      masks.length = 0;
      http.requests.length = 0;
    },
    stop: () => http.stop(),
  };
}
