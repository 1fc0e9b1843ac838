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

  it('is drawn by the AI: this browser draws no layers, so the instruction carries the quoted words', async () => {
    const prompts: string[] = [];
    const saved: unknown[] = [];
    server.use(
      answer(endpoints.getOwnKeyInputs, () => ({ turns: [], images: [], chosen: false, people: [] })),
      http.post('https://api.openai.com/v1/images/generations', async ({ request }) => {
        prompts.push(((await request.json()) as { prompt: string }).prompt);
        return HttpResponse.json({ created: 1, data: [{ b64_json: PNG_B64 }] });
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
});
