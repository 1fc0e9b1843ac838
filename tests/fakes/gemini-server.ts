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

export type GeminiMode = 'succeed' | 'refuse' | 'refuse-finish' | 'no-image' | 'stall';

export interface FakeGemini {
  /** Base URL for the SDK (`httpOptions.baseUrl`). */
  url: string;
  requests: RecordedRequest[];
  png: Uint8Array;
  /** The inline images of each image request, in order (decoded), e.g. to check a region edit sent its crop. */
  sentImages: Uint8Array[][];
  /** How image requests (those asking for IMAGE output) are answered from now on. */
  mode(mode: GeminiMode): void;
  /** The text answer to requests that don't ask for images (the classifier). */
  classifyAnswer(text: string): void;
  /** The classifier never answers from now on (until reset). */
  stallClassifier(): void;
  /** The answer to text requests that ask for title ideas (`FAKE_TITLE_IDEAS` until reset). */
  titlesAnswer(text: string): void;
  failNext(count: number, status: number, options?: Omit<Failure, 'status'>): void;
  /** Back to succeeding, with no recorded requests and no queued failures. */
  reset(): void;
  stop(): Promise<void>;
}

/** Google's error envelope. */
export const googleError = (code: number, message: string, status: string) => ({
  error: { code, message, status },
});

export const INVALID_KEY = googleError(
  400,
  'API key not valid. Please pass a valid API key.',
  'INVALID_ARGUMENT',
);

const GENERATE = /^\/v1beta\/models\/([^/:]+):generateContent$/;
const MODEL = /^\/v1beta\/models\/([^/:?]+)(?:\?.*)?$/;

const candidate = (parts: unknown[] | undefined, finishReason: string) => ({
  ...(parts ? { content: { role: 'model', parts } } : {}),
  finishReason,
  index: 0,
});

/** The inline images a generateContent body holds, in the order sent, as bytes. */
function inlineImages(body: unknown): Uint8Array[] {
  const contents = (body as { contents?: { parts?: { inlineData?: { data?: string } }[] }[] }).contents ?? [];
  return contents.flatMap((content) =>
    (content.parts ?? []).flatMap((part) =>
      part.inlineData?.data ? [new Uint8Array(Buffer.from(part.inlineData.data, 'base64'))] : [],
    ),
  );
}

/**
 * A fake of the Gemini API on loopback: POST /v1beta/models/{model}:generateContent
 * with the JSON shapes the @google/genai SDK sends and reads, and GET /v1beta/models/{model}.
 * A key with 'invalid' in it is refused as Google refuses a wrong key.
 */
export async function startFakeGemini(): Promise<FakeGemini> {
  const png = await makePng();
  const data = Buffer.from(png).toString('base64');
  let mode: GeminiMode = 'succeed';
  let answer = 'NEW_IMAGE';
  let classifierStalls = false;
  let titles = FAKE_TITLE_IDEAS;
  const failures: Failure[] = [];
  const sentImages: Uint8Array[][] = [];

  const http: HttpFake = await startHttpFake((request, res) => {
    const failure = failures.shift();
    if (failure) {
      const body = failure.body ?? googleError(failure.status, 'Internal error encountered.', 'INTERNAL');
      return sendJson(res, failure.status, body, { ...failure.headers });
    }
    if (refusesKey(request.headers['x-goog-api-key'])) return sendJson(res, 400, INVALID_KEY);
    // Testing a key: one model's details (the cheapest call there is).
    const described = MODEL.exec(request.path)?.[1];
    if (request.method === 'GET' && described) {
      return sendJson(res, 200, { name: `models/${described}`, displayName: described, version: '001' });
    }
    const model = GENERATE.exec(request.path)?.[1];
    if (request.method !== 'POST' || !model) {
      return sendJson(res, 404, googleError(404, `Unknown path ${request.path}`, 'NOT_FOUND'));
    }
    const body = request.body as {
      generationConfig?: { responseModalities?: string[] };
      systemInstruction?: { parts?: { text?: string }[] };
    };
    const wantsImage = body.generationConfig?.responseModalities?.includes('IMAGE') ?? false;
    const usage = { promptTokenCount: 20, totalTokenCount: 30 };
    if (!wantsImage) {
      if (classifierStalls) return; // never answers: the classifier's timeout or an abort has to end it
      const asksTitles = body.systemInstruction?.parts?.[0]?.text?.startsWith(TITLE_REQUEST_MARK);
      return sendJson(res, 200, {
        candidates: [candidate([{ text: asksTitles ? titles : answer }], 'STOP')],
        usageMetadata: usage,
        modelVersion: model,
      });
    }
    sentImages.push(inlineImages(request.body));
    if (mode === 'stall') return;
    if (mode === 'refuse')
      return sendJson(res, 200, {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: usage,
      });
    if (mode === 'refuse-finish')
      return sendJson(res, 200, { candidates: [candidate(undefined, 'IMAGE_SAFETY')], usageMetadata: usage });
    const parts =
      mode === 'no-image'
        ? [{ text: 'I could not make that picture.' }]
        : [{ text: 'Here is your thumbnail.' }, { inlineData: { mimeType: 'image/png', data } }];
    sendJson(res, 200, { candidates: [candidate(parts, 'STOP')], usageMetadata: usage, modelVersion: model });
  });

  return {
    url: http.origin,
    requests: http.requests,
    png,
    sentImages,
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
    failNext: (count, status, options = {}) => {
      for (let i = 0; i < count; i++) failures.push({ status, ...options });
    },
    reset: () => {
      mode = 'succeed';
      answer = 'NEW_IMAGE';
      classifierStalls = false;
      titles = FAKE_TITLE_IDEAS;
      failures.length = 0;
      sentImages.length = 0;
      http.requests.length = 0;
    },
    stop: () => http.stop(),
  };
}
