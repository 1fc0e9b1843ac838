import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { NEW_CONVERSATION_SEND_DELAY_MS } from '../../../config/constants';
import { errorMessage } from '../../../lib/api-error';
import { useCreateConversation } from '../api/create-conversation';
import { useDeleteConversation } from '../api/delete-conversation';
import { useConversations } from '../api/get-conversations';
import { useRenameConversation } from '../api/rename-conversation';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Which conversation is open: one is created when none exist (asking for a new one opens the
 * user's unused one again, a rule the server keeps), the first is selected on load, and
 * after deleting the open one the first remaining is selected (or a new one created).
 */
export function useActiveConversation() {
  const conversations = useConversations();
  const create = useCreateConversation();
  const remove = useDeleteConversation();
  const rename = useRenameConversation();
  const [selectedId, setSelected] = useState<string | null>(null);
  // The selection as of now, for callers holding a callback from an earlier render (a send
  // started before the first conversation was created must not create another).
  const current = useRef<string | null>(null);
  const setSelectedId = useCallback((next: string | null | ((id: string | null) => string | null)) => {
    current.current = typeof next === 'function' ? next(current.current) : next;
    setSelected(current.current);
  }, []);
  // Created here: a list fetched just before the creation lacks them, and must not undo the selection.
  const created = useRef(new Set<string>());
  const list = conversations.data;

  const createNew = useCallback(async () => {
    const conversation = await create.mutateAsync(undefined);
    created.current.add(conversation.id);
    setSelectedId(conversation.id);
    return conversation.id;
  }, [create.mutateAsync, setSelectedId]);

  // One creation at a time for "none exists" and "none selected on send", which can race.
  const inflight = useRef<Promise<string> | null>(null);
  const createOnce = useCallback(() => {
    inflight.current ??= createNew().finally(() => {
      inflight.current = null;
    });
    return inflight.current;
  }, [createNew]);

  useEffect(() => {
    if (!list) return;
    const first = list[0];
    if (!first) {
      // A list fetched before our creation landed is empty too: the conversation we made stands.
      const ours = selectedId !== null && created.current.has(selectedId);
      if (!inflight.current && !ours)
        createOnce().catch((error: unknown) => toast.error(errorMessage(error)));
      return;
    }
    const listed = list.some((conversation) => conversation.id === selectedId);
    if (!selectedId || (!listed && !created.current.has(selectedId))) setSelectedId(first.id);
  }, [list, selectedId, createOnce, setSelectedId]);

  const deleteConversation = useCallback(
    async (id: string) => {
      await remove.mutateAsync(id);
      created.current.delete(id);
      // The effect above then picks the first remaining conversation or creates one.
      setSelectedId((current) => (current === id ? null : current));
    },
    [remove.mutateAsync, setSelectedId],
  );

  const renameConversation = useCallback(
    async (id: string, title: string) => {
      await rename.mutateAsync({ id, title });
    },
    [rename.mutateAsync],
  );

  /** The conversation to send into; when none is selected, one is created and 100 ms pass. */
  const ensureConversation = useCallback(async () => {
    if (current.current) return current.current;
    const id = await createOnce();
    await wait(NEW_CONVERSATION_SEND_DELAY_MS);
    return id;
  }, [createOnce]);

  return {
    conversations: list ?? [],
    isLoading: conversations.isPending,
    loadError: conversations.error,
    selectedId,
    select: setSelectedId,
    createNew,
    isCreating: create.isPending,
    deleteConversation,
    renameConversation,
    ensureConversation,
  };
}
