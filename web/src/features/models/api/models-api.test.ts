// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { endpoints, MODEL_TEXTS, type PersonModel } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { personModel } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
import { clearSession, withSignedInUser } from '../../../test/session';
import { deleteModel, useDeleteModel } from './delete-model';
import { getModels } from './get-models';
import { modelsQueryKey } from './model-cache';
import { NotAuthenticatedError } from './require-session';
import { useUpdateModel } from './update-model';
import { uploadModel } from './upload-model';

withFakeApi();
withSignedInUser();

afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

const STORAGE = 'http://storage.test';
const MB = 1024 * 1024;

/** Every request the fake network received, by method and path. */
function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return seen;
}

describe('without a signed-in session', () => {
  it("fails with 'Not authenticated' and sends nothing", async () => {
    const seen = recordRequests();
    clearSession();
    server.use(answer(endpoints.listModels, () => ({ models: [] })));
    const failure = getModels().catch((error: unknown) => error);
    expect(await failure).toBeInstanceOf(NotAuthenticatedError);
    expect(((await failure) as Error).message).toBe(MODEL_TEXTS.notAuthenticated);
    const photo = new File(['face'], 'face.png', { type: 'image/png' });
    await expect(uploadModel({ name: 'Alex', files: [photo] })).rejects.toThrow('Not authenticated');
    await expect(deleteModel('m1')).rejects.toThrow('Not authenticated');
    expect(seen).toEqual([]);
  });
});

describe('with a session', () => {
  it('lists the models with the bearer token', async () => {
    const alex = personModel('alex', { name: 'Alex', usage_count: 3 });
    let authorization: string | null = null;
    server.use(
      answer(endpoints.listModels, ({ request }) => {
        authorization = request.headers.get('authorization');
        return { models: [alex] };
      }),
    );
    expect(await getModels()).toEqual([alex]);
    expect(authorization).toMatch(/^Bearer .+\..+\..+$/);
  });

  it('sends small photos as data URLs and uploads a large one first, sending its key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bodies: unknown[] = [];
    const stored: { type: string | null; size: number }[] = [];
    server.use(
      answer(endpoints.createUpload, () => ({
        key: 'uploads/u1/big',
        upload_url: `${STORAGE}/put/big`,
        headers: {},
      })),
      http.put(`${STORAGE}/put/big`, async ({ request }) => {
        stored.push({
          type: request.headers.get('content-type'),
          size: (await request.arrayBuffer()).byteLength,
        });
        return new HttpResponse(null, { status: 200 });
      }),
      answer(endpoints.uploadModel, async ({ request }) => {
        bodies.push(await request.json());
        return { model: personModel('alex', { name: 'Alex' }) };
      }),
    );
    // The test browser cannot decode these bytes: they travel as they are.
    const small = new File(['small face'], 'small.png', { type: 'image/png' });
    const big = new File([new Uint8Array(4 * MB)], 'big.jpg', { type: 'image/jpeg' });
    await uploadModel({ name: '  Alex ', files: [small, big] });
    expect(bodies).toEqual([
      { name: 'Alex', images: [`data:image/png;base64,${btoa('small face')}`, 'uploads/u1/big'] },
    ]);
    expect(stored).toEqual([{ type: 'image/jpeg', size: 4 * MB }]);
  });

  it('shows a change at once from the answer and reads the list again', async () => {
    const alex = personModel('alex', { name: 'Alex' });
    const renamed = { ...alex, name: 'Alexandra' };
    server.use(answer(endpoints.updateModel, () => ({ model: renamed })));
    const queryClient = createQueryClient();
    queryClient.setQueryData<PersonModel[]>(modelsQueryKey, [alex]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderWithQueries(useUpdateModel, { queryClient });
    await act(() => result.current.mutateAsync({ modelId: 'alex', name: 'Alexandra' }));
    expect(queryClient.getQueryData(modelsQueryKey)).toEqual([renamed]);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: modelsQueryKey }));
  });

  it('reads the list again after a failed change too', async () => {
    const alex = personModel('alex');
    server.use(
      answer(endpoints.deleteModel, () =>
        HttpResponse.json({ error: 'Boom', code: 'internal' }, { status: 500 }),
      ),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData<PersonModel[]>(modelsQueryKey, [alex]);
    const { result } = renderWithQueries(useDeleteModel, { queryClient });
    await act(() => result.current.mutateAsync('alex').catch(() => {}));
    expect(queryClient.getQueryData(modelsQueryKey)).toEqual([alex]);
    expect(queryClient.getQueryState(modelsQueryKey)?.isInvalidated).toBe(true);
  });
});
