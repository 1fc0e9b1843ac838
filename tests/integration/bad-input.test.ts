import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Call, callAs } from '../support/api';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

/**
 * Ids as a careless client or an attacker sends them: too long for a DynamoDB key, badly
 * percent-encoded, an encoded lone surrogate, a NUL, path tricks. None may end in a 500.
 */
const BAD_PATH_IDS = [
  'x'.repeat(3000),
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '..%2F..%2Fcredits',
  '%F0%9F%98%80'.repeat(300),
  ' ',
];
const BAD_BODY_IDS = ['x'.repeat(256), '\u0000', '\ud800', '../../other-user', '🙂'.repeat(64), 'a b'];

let api: Call;

beforeAll(async () => {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'bad-input');
  api = callAs(baseUrl, user.accessToken);
});

/**
 * A client error the web app can show (400 or 404): the backend's `{ error, code }`, or the
 * gateway's own `{ message }` when no route matches (API Gateway answers that way too).
 */
function expectClientError(answer: { status: number; body: unknown }, what: string) {
  expect([400, 404], `${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`).toContain(
    answer.status,
  );
  const backend = { error: expect.any(String), code: expect.any(String) };
  expect([backend, { message: 'Not Found' }]).toContainEqual(answer.body);
}

describe('malformed ids in a path', () => {
  const routes = [
    ['GET', '/api/conversations/{id}/messages'],
    ['POST', '/api/conversations/{id}/messages'],
    ['PATCH', '/api/conversations/{id}'],
    ['DELETE', '/api/conversations/{id}'],
    ['GET', '/api/messages/{id}'],
    ['GET', '/api/verify-session/{id}'],
  ] as const;
  for (const [method, path] of routes) {
    it(`${method} ${path} answers 400 or 404`, async () => {
      for (const id of BAD_PATH_IDS) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { content: 'hi', title: 'hi' };
        expectClientError(
          await api.raw(method, path.replace('{id}', id), body),
          `${method} ${id.slice(0, 20)}`,
        );
      }
    });
  }
});

describe('malformed ids in a body', () => {
  it('model operations answer 400 or 404', async () => {
    for (const id of BAD_BODY_IDS) {
      const what = JSON.stringify(id.slice(0, 20));
      expectClientError(await api('updateModel', { body: { modelId: id, name: 'Ada' } }), `update ${what}`);
      expectClientError(await api('deleteModel', { body: { modelId: id } }), `delete ${what}`);
      expectClientError(
        await api('setPrimaryModelImage', { body: { modelId: id, imageId: id } }),
        `primary ${what}`,
      );
      expectClientError(
        await api('deleteModelImage', { body: { modelId: id, imageId: id } }),
        `delete image ${what}`,
      );
    }
  });

  it('a send answers 400 for references and people that are not the caller’s', async () => {
    const created = await api('createConversation', { body: {} });
    for (const id of BAD_BODY_IDS) {
      const what = JSON.stringify(id.slice(0, 20));
      expectClientError(
        await api('sendMessage', {
          params: { id: created.body.conversation.id },
          body: { content: 'hi', uploaded_images: [id] },
        }),
        `ref ${what}`,
      );
      expectClientError(
        await api('sendMessage', {
          params: { id: created.body.conversation.id },
          body: { content: 'hi', selected_model_ids: [id] },
        }),
        `model ${what}`,
      );
    }
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
  });

  it('a body that is not UTF-8 JSON, or JSON of the wrong shape, answers 400', async () => {
    const bodies = ['{"title":', '[]', 'null', '"x"', '{"title":{"$ne":1}}', '\uFEFF{}'];
    for (const body of bodies) {
      expectClientError(await api.raw('POST', '/api/conversations', body), `body ${body}`);
    }
  });
});

describe('malformed query parameters', () => {
  it('a history cursor that was not handed out answers 400', async () => {
    for (const cursor of ['garbage', '%E0%A4%A', 'eyJ4IjoxfQ', 'x'.repeat(5000)]) {
      expectClientError(
        await api('getCreditHistory', { query: { cursor } }),
        `cursor ${cursor.slice(0, 20)}`,
      );
    }
  });
});
