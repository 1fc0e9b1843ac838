// @vitest-environment happy-dom
import { endpoints, type OwnKeyInputs } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { generateWithOwnKey, IMAGE_UNREADABLE_TEXT } from './own-key-generation';

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
