// @vitest-environment happy-dom
import { endpoints, INTERNAL_ERROR_TEXT, rateLimitedText } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, refusal, server, withFakeApi } from '../test/fake-api';
import { message } from '../test/fixtures';
import { ApiError, blobFromStorage, callApi, fileFromApi } from './api-client';

withFakeApi();

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return error;
    },
  );

describe('callApi', () => {
  it('fills in the path, sends the body and returns the checked answer', async () => {
    const seen: unknown[] = [];
    const stored = message('m1', { role: 'user' });
    server.use(
      answer(endpoints.sendMessage, async ({ request, params }) => {
        seen.push(params.id, request.headers.get('content-type'), await request.json());
        return { userMessage: stored, assistantMessage: message('m2', { status: 'pending' }) };
      }),
    );
    const result = await callApi(endpoints.sendMessage, {
      params: { id: 'c 1' },
      body: { content: 'A red car', uploaded_images: ['k1'] },
    });
    expect(seen).toEqual(['c 1', 'application/json', { content: 'A red car', uploaded_images: ['k1'] }]);
    expect(result.userMessage).toEqual(stored);
    expect(result.assistantMessage.status).toBe('pending');
  });

  it('appends the query string, encoded, and leaves it out when empty', async () => {
    const seen: string[] = [];
    server.use(
      answer(endpoints.getCreditHistory, ({ request }) => {
        seen.push(new URL(request.url).search);
        return { balance: 0, entries: [] };
      }),
    );
    await callApi(endpoints.getCreditHistory, { query: { cursor: 'a b&c=1' } });
    await callApi(endpoints.getCreditHistory, { query: {} });
    await callApi(endpoints.getCreditHistory);
    expect(seen).toEqual(['?cursor=a+b%26c%3D1', '', '']);
  });

  it('takes the code and the message of an error body, and keeps the body', async () => {
    server.use(answer(endpoints.getMessage, () => refusal('not_found', 'Message not found')));
    const error = await rejection(callApi(endpoints.getMessage, { params: { id: 'gone' } }));
    expect(error).toMatchObject({ code: 'not_found', message: 'Message not found' });
    expect(error.body).toEqual({ error: 'Message not found', code: 'not_found' });
  });

  it("retries the gateway's unauthorized answer once, then reports it by its code", async () => {
    let calls = 0;
    server.use(
      answer(endpoints.getCredits, () => {
        calls += 1;
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
    );
    const error = await rejection(callApi(endpoints.getCredits));
    expect(calls).toBe(2);
    expect(error).toMatchObject({ code: 'unauthorized', message: 'Unauthorized' });
  });

  it('succeeds when the retry with a fresh token is let in', async () => {
    let calls = 0;
    server.use(
      answer(endpoints.getCredits, () => {
        calls += 1;
        return calls === 1 ? refusal('unauthorized', 'Unauthorized') : { credits: 7 };
      }),
    );
    await expect(callApi(endpoints.getCredits)).resolves.toEqual({ credits: 7 });
  });

  it('maps a gateway answer without a code by its status', async () => {
    server.use(
      answer(endpoints.createUpload, () => new HttpResponse('Request Entity Too Large', { status: 413 })),
    );
    const error = await rejection(
      callApi(endpoints.createUpload, { body: { content_type: 'image/png', size: 1 } }),
    );
    expect(error).toMatchObject({ code: 'payload_too_large', message: INTERNAL_ERROR_TEXT });
  });

  it("words the gateway's throttle like the backend's own limits, with its Retry-After", async () => {
    server.use(
      answer(endpoints.sendMessage, () =>
        HttpResponse.json(
          { message: 'Too Many Requests' },
          { status: 429, headers: { 'retry-after': '12' } },
        ),
      ),
    );
    const error = await rejection(
      callApi(endpoints.sendMessage, { params: { id: 'c1' }, body: { content: 'hi' } }),
    );
    expect(error).toMatchObject({ code: 'rate_limited', message: rateLimitedText(12) });
  });

  it("shows a per-user limit's own words", async () => {
    server.use(answer(endpoints.createConversation, () => refusal('rate_limited', rateLimitedText(30))));
    const error = await rejection(callApi(endpoints.createConversation, { body: {} }));
    expect(error).toMatchObject({ code: 'rate_limited', message: rateLimitedText(30) });
  });

  it('refuses an answer that does not match the contract', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(answer(endpoints.getCredits, () => HttpResponse.json({ balance: 3 })));
    const error = await rejection(callApi(endpoints.getCredits));
    expect(error).toMatchObject({ code: 'internal', message: INTERNAL_ERROR_TEXT });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('answers nothing for an endpoint without a response body', async () => {
    server.use(answer(endpoints.deleteConversation, () => new HttpResponse(null, { status: 204 })));
    await expect(callApi(endpoints.deleteConversation, { params: { id: 'c1' } })).resolves.toBeUndefined();
  });

  it('says so when the network fails', async () => {
    server.use(answer(endpoints.getCredits, () => HttpResponse.error()));
    const error = await rejection(callApi(endpoints.getCredits));
    expect(error.message).toBe('Network error. Please check your connection and try again.');
  });
});

describe('fileFromApi', () => {
  const images = [{ message_id: 'm1' }, { message_id: 'm2', index: 1 }];

  it('sends the body, asks for the file and returns its bytes', async () => {
    const seen: unknown[] = [];
    server.use(
      answer(endpoints.exportTestAndCompare, async ({ request }) => {
        seen.push(request.headers.get('accept'), await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
    );
    const file = await fileFromApi(endpoints.exportTestAndCompare, { body: { images } });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(seen).toEqual(['application/zip, application/json', { images }]);
  });

  it('turns a refusal into the error the backend wrote, like any call', async () => {
    server.use(
      answer(endpoints.exportTestAndCompare, () =>
        refusal('not_found', 'One of the chosen thumbnails no longer exists.'),
      ),
    );
    const error = await rejection(fileFromApi(endpoints.exportTestAndCompare, { body: { images } }));
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'One of the chosen thumbnails no longer exists.',
    });
  });
});

describe('blobFromStorage', () => {
  it('reads a presigned URL without the API, and fails with the given message', async () => {
    server.use(
      http.get('http://storage.test/ok.png', () => new HttpResponse('png', { status: 200 })),
      http.get('http://storage.test/expired.png', () => new HttpResponse(null, { status: 403 })),
    );
    expect(await (await blobFromStorage('http://storage.test/ok.png', 'Failed')).text()).toBe('png');
    const error = await rejection(blobFromStorage('http://storage.test/expired.png', 'Failed'));
    expect(error.message).toBe('Failed');
  });
});
