// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { type Conversation, endpoints } from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, gate, server, withFakeApi } from '../../../test/fake-api';
import { conversation } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
import { conversationsQueryKey } from '../api/conversation-list';
import { useActiveConversation } from './use-active-conversation';

withFakeApi();

/** The conversations endpoints over an in-memory list; `hold` keeps list answers back until opened. */
function fakeConversations(initial: Conversation[], hold?: Promise<void>) {
  const state = { list: [...initial], created: [] as string[], deleted: [] as string[] };
  server.use(
    answer(endpoints.listConversations, async () => {
      await hold;
      return { conversations: state.list };
    }),
    answer(endpoints.createConversation, () => {
      const created = conversation(`new-${state.created.length + 1}`);
      state.created.push(created.id);
      state.list = [created, ...state.list];
      return { conversation: created };
    }),
    answer(endpoints.deleteConversation, ({ params }) => {
      state.deleted.push(params.id ?? '');
      state.list = state.list.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

describe('useActiveConversation', () => {
  it('creates a conversation when there is none, and selects it', async () => {
    const backend = fakeConversations([]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('new-1'));
    expect(backend.created).toEqual(['new-1']);
    expect(result.current.conversations.map(({ id }) => id)).toEqual(['new-1']);
  });

  it('selects the most recently updated conversation on load and creates none', async () => {
    const older = conversation('older');
    const newer = conversation('newer');
    const backend = fakeConversations([older, newer]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('newer'));
    expect(result.current.conversations.map(({ id }) => id)).toEqual(['newer', 'older']);
    expect(backend.created).toEqual([]);
  });

  it('selects the first remaining conversation after deleting the selected one', async () => {
    const backend = fakeConversations([conversation('b'), conversation('a')]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('a'));
    await act(() => result.current.deleteConversation('a'));
    await waitFor(() => expect(result.current.selectedId).toBe('b'));
    expect(backend.deleted).toEqual(['a']);
    expect(result.current.conversations.map(({ id }) => id)).toEqual(['b']);
    expect(backend.created).toEqual([]);
  });

  it('keeps the selection when another conversation is deleted', async () => {
    const backend = fakeConversations([conversation('b'), conversation('a')]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('a'));
    await act(() => result.current.deleteConversation('b'));
    expect(backend.deleted).toEqual(['b']);
    expect(result.current.selectedId).toBe('a');
  });

  it('creates a new conversation after deleting the last one', async () => {
    const backend = fakeConversations([conversation('only')]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('only'));
    await act(() => result.current.deleteConversation('only'));
    await waitFor(() => expect(result.current.selectedId).toBe('new-1'));
    expect(backend.created).toEqual(['new-1']);
  });

  it('creates exactly one conversation for two sends before the list has loaded', async () => {
    const listed = gate();
    const backend = fakeConversations([], listed.opened);
    const { result } = renderWithQueries(useActiveConversation);
    expect(result.current.selectedId).toBeNull();
    let ids: string[] = [];
    await act(async () => {
      ids = await Promise.all([result.current.ensureConversation(), result.current.ensureConversation()]);
    });
    expect(ids).toEqual(['new-1', 'new-1']);
    expect(result.current.selectedId).toBe('new-1');
    listed.open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.selectedId).toBe('new-1');
    expect(backend.created).toEqual(['new-1']);
  });

  it('sends into the conversation being created for an empty list instead of making another', async () => {
    const backend = fakeConversations([]);
    const creating = gate();
    server.use(
      answer(endpoints.createConversation, async () => {
        await creating.opened;
        const created = conversation('new-1');
        backend.created.push(created.id);
        backend.list = [created];
        return { conversation: created };
      }),
    );
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.isCreating).toBe(true));
    let ids: string[] = [];
    await act(async () => {
      const sends = Promise.all([result.current.ensureConversation(), result.current.ensureConversation()]);
      creating.open();
      ids = await sends;
    });
    expect(ids).toEqual(['new-1', 'new-1']);
    expect(backend.created).toEqual(['new-1']);
  });

  it('sends into the conversation created on load, even from a callback taken before it existed', async () => {
    const backend = fakeConversations([]);
    const { result } = renderWithQueries(useActiveConversation);
    const sendFromEarlierRender = result.current.ensureConversation;
    await waitFor(() => expect(result.current.selectedId).toBe('new-1'));
    let id = '';
    await act(async () => {
      id = await sendFromEarlierRender();
    });
    expect(id).toBe('new-1');
    expect(backend.created).toEqual(['new-1']);
  });

  it('creates no second conversation when an empty list fetched before the first one arrives later', async () => {
    const backend = fakeConversations([]);
    const { result, queryClient } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('new-1'));
    // A slow phone: a list asked for before the creation answers empty after it.
    server.use(answer(endpoints.listConversations, () => ({ conversations: [] })));
    await act(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }));
    await waitFor(() => expect(result.current.conversations).toEqual([]));
    expect(result.current.selectedId).toBe('new-1');
    expect(backend.created).toEqual(['new-1']);
  });

  it('keeps a just created conversation selected when a list fetched before it arrives later', async () => {
    const backend = fakeConversations([conversation('a')]);
    const { result, queryClient } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('a'));
    const asked = gate();
    const stale = gate();
    server.use(
      answer(endpoints.listConversations, async () => {
        const snapshot = [...backend.list];
        asked.open();
        await stale.opened;
        return { conversations: snapshot };
      }),
    );
    const refetch = queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    await asked.opened;
    await act(() => result.current.createNew());
    expect(result.current.selectedId).toBe('new-1');
    stale.open();
    await act(() => refetch);
    await waitFor(() => expect(result.current.conversations.map(({ id }) => id)).toEqual(['a']));
    expect(result.current.selectedId).toBe('new-1');
  });

  it('selects the first conversation when the selected one is gone from a fresh list', async () => {
    const backend = fakeConversations([conversation('b'), conversation('a')]);
    const { result, queryClient } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('a'));
    backend.list = backend.list.filter((item) => item.id !== 'a');
    await act(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }));
    await waitFor(() => expect(result.current.selectedId).toBe('b'));
  });

  it('sends into the selected conversation without creating one', async () => {
    const backend = fakeConversations([conversation('a')]);
    const { result } = renderWithQueries(useActiveConversation);
    await waitFor(() => expect(result.current.selectedId).toBe('a'));
    await expect(result.current.ensureConversation()).resolves.toBe('a');
    expect(backend.created).toEqual([]);
  });
});
