// @vitest-environment happy-dom
import { endpoints, type OwnKeyInputs } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { message } from '../../../test/fixtures';
import { generateWithOwnKey, IMAGE_UNREADABLE_TEXT } from './own-key-generation';
import { OWN_KEY_TEXT_MODE } from './send-with-own-key';

withFakeApi();

/** A follow-up to an earlier image: the backend names that image as the edit's input. */
const inputs: OwnKeyInputs = {
  turns: [
    { role: 'user', text: 'A red car', has_images: false },
    { role: 'assistant', text: '[image: A red car]', has_images: true },
    { role: 'user', text: 'Make it brighter', has_images: false },
    { role: 'assistant', text: 'Processing your request...', has_images: false },
  ],
  images: [{ url: 'http://storage.test/earlier.png' }],
  chosen: false,
  people: [],
};

describe('a send with an own key', () => {
  it("fails with a clear message when an image it needs can't be read, and stores no answer", async () => {
    const saved: unknown[] = [];
    server.use(
      answer(endpoints.getOwnKeyInputs, () => inputs),
      answer(endpoints.saveOwnKeyAnswer, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({});
      }),
      // What a browser reports for a read refused by CORS: no answer at all.
      http.get('http://storage.test/earlier.png', () => HttpResponse.error()),
    );
    const phases: string[] = [];

    const send = generateWithOwnKey(
      {
        conversationId: 'c1',
        content: 'Make it brighter',
        provider: 'openai',
        apiKey: 'fake-openai-key',
        uploadKeys: [],
        previewUrls: [],
      },
      (phase) => phases.push(phase),
    );

    await expect(send).rejects.toThrow(IMAGE_UNREADABLE_TEXT);
    expect(phases).toEqual([]);
    expect(saved).toEqual([]);
  });
});

describe('the text of a send with an own key', () => {
  /** A 1x1 PNG, as OpenAI answers it. */
  const PNG_B64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  /**
   * OpenAI's answer to a streamed image request (`stream: true`): server-sent events, a partial
   * image per entry of `partials` (its base64 PNG), then the completed image.
   */
  const imageStream = (partials: string[]) => {
    const event = (type: string, data: Record<string, unknown>) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const body = [
      ...partials.map((b64_json, index) =>
        event('image_generation.partial_image', { b64_json, partial_image_index: index }),
      ),
      event('image_generation.completed', { b64_json: PNG_B64, usage: { total_tokens: 1 } }),
    ].join('');
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  };

  it('is drawn by the AI: this browser draws no layers, so the instruction carries the quoted words', async () => {
    const prompts: string[] = [];
    const saved: unknown[] = [];
    server.use(
      answer(endpoints.getOwnKeyInputs, () => ({ turns: [], images: [], chosen: false, people: [] })),
      http.post('https://api.openai.com/v1/images/generations', async ({ request }) => {
        prompts.push(((await request.json()) as { prompt: string }).prompt);
        return imageStream([]);
      }),
      answer(endpoints.createUpload, () => ({
        key: 'uploads/made-1',
        upload_url: 'http://storage.test/put/made-1',
        headers: { 'Content-Type': 'image/png' },
      })),
      http.put('http://storage.test/put/made-1', () => new HttpResponse(null, { status: 200 })),
      answer(endpoints.saveOwnKeyAnswer, async ({ request }) => {
        saved.push(await request.json());
        return {
          userMessage: message('user-1', { role: 'user' }),
          assistantMessage: message('answer-1', { is_image_message: true }),
        };
      }),
    );
    const content = 'A jungle survival video, the title "I SURVIVED"';

    await generateWithOwnKey(
      {
        conversationId: 'c1',
        content,
        provider: 'openai',
        apiKey: 'fake-openai-key',
        uploadKeys: [],
        previewUrls: [],
      },
      () => {},
    );

    expect(OWN_KEY_TEXT_MODE).toBe('model');
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain(`following it exactly: ${content}`);
    expect(prompts[0]).not.toMatch(/without any text|\[TITLE\]/);
    expect(saved).toEqual([expect.objectContaining({ content, images: ['uploads/made-1'] })]);
  });

  it('shows each picture OpenAI streams while it draws, by variation, before the answer is stored', async () => {
    const asked: { stream?: boolean; partial_images?: number }[] = [];
    const events: string[] = [];
    server.use(
      answer(endpoints.getOwnKeyInputs, () => ({ turns: [], images: [], chosen: false, people: [] })),
      http.post('https://api.openai.com/v1/images/generations', async ({ request }) => {
        asked.push((await request.json()) as { stream?: boolean; partial_images?: number });
        return imageStream([PNG_B64, PNG_B64]);
      }),
      answer(endpoints.createUpload, () => ({
        key: 'uploads/made-1',
        upload_url: 'http://storage.test/put/made-1',
        headers: { 'Content-Type': 'image/png' },
      })),
      http.put('http://storage.test/put/made-1', () => new HttpResponse(null, { status: 200 })),
      answer(endpoints.saveOwnKeyAnswer, () => {
        events.push('saved');
        return {
          userMessage: message('user-1', { role: 'user' }),
          assistantMessage: message('answer-1', { is_image_message: true }),
        };
      }),
    );
    const pictures: { variation: number; type: string; size: number }[] = [];

    await generateWithOwnKey(
      {
        conversationId: 'c1',
        content: 'A volcano at night',
        provider: 'openai',
        apiKey: 'fake-openai-key',
        uploadKeys: [],
        previewUrls: [],
        variations: 2,
      },
      () => {},
      (variation, picture) => {
        events.push('partial');
        pictures.push({ variation, type: picture.type, size: picture.size });
      },
    );

    expect(asked).toEqual([
      expect.objectContaining({ stream: true, partial_images: 2 }),
      expect.objectContaining({ stream: true, partial_images: 2 }),
    ]);
    const png = { type: 'image/png', size: Buffer.from(PNG_B64, 'base64').length };
    expect(pictures.filter((p) => p.variation === 0)).toEqual([
      { variation: 0, ...png },
      { variation: 0, ...png },
    ]);
    expect(pictures.filter((p) => p.variation === 1)).toHaveLength(2);
    expect(events).toEqual(['partial', 'partial', 'partial', 'partial', 'saved']);
  });
});
