import {
  type Failure,
  type HttpFake,
  makePng,
  type RecordedRequest,
  refusesKey,
  sendJson,
  startHttpFake,
} from './fake-http';

export type OpenAIMode = 'succeed' | 'refuse' | 'no-image' | 'stall';

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
  /** The next `count` requests (any endpoint) fail with this status, body and headers. */
  failNext(count: number, status: number, options?: Omit<Failure, 'status'>): void;
  /** Image answers wait this long first, like a real model at work. */
  latency(ms: number): void;
  /** The most image requests it has been answering at once (since the last reset). */
  mostImageCallsAtOnce(): number;
  /** Back to succeeding, with no recorded requests and no queued failures. */
  reset(): void;
  stop(): Promise<void>;
}

/** OpenAI's error envelope. */
export const openAIError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
});

/** What OpenAI answers when its safety system rejects an image request. */
export const MODERATION_BLOCKED = openAIError(
  'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
  'image_generation_user_error',
  'moderation_blocked',
);

/**
 * A fake of the OpenAI API on loopback, speaking its wire format:
 * POST /v1/chat/completions (JSON), POST /v1/images/generations (JSON) and
 * POST /v1/images/edits (multipart/form-data), and GET /v1/models. A key with 'invalid' in it
 * is refused as OpenAI refuses a wrong key.
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const smallPng = await makePng();
  let png = smallPng;
  let b64 = Buffer.from(png).toString('base64');
  let mode: OpenAIMode = 'succeed';
  let answer = 'NEW_IMAGE';
  let classifierStalls = false;
  let latencyMs = 0;
  const failures: Failure[] = [];
  let imageCalls = 0;
  let mostImageCalls = 0;

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
      const model = (request.body as { model?: string }).model;
      return sendJson(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 2, total_tokens: 52 },
      });
    }
    if (request.method === 'POST' && ['/v1/images/generations', '/v1/images/edits'].includes(request.path)) {
      if (mode === 'stall') return; // never answers: the client's timeout has to end it
      imageCalls++;
      mostImageCalls = Math.max(mostImageCalls, imageCalls);
      try {
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        if (mode === 'refuse') return sendJson(res, 400, MODERATION_BLOCKED);
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
    latency: (ms) => {
      latencyMs = ms;
    },
    mostImageCallsAtOnce: () => mostImageCalls,
    failNext: (count, status, options = {}) => {
      for (let i = 0; i < count; i++) failures.push({ status, ...options });
    },
    reset: () => {
      png = smallPng;
      b64 = Buffer.from(png).toString('base64');
      mode = 'succeed';
      answer = 'NEW_IMAGE';
      classifierStalls = false;
      latencyMs = 0;
      mostImageCalls = 0;
      failures.length = 0;
      http.requests.length = 0;
    },
    stop: () => http.stop(),
  };
}
