import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { useMessages } from '../api/get-messages';
import { type Message, messagesQueryKey } from '../api/message-schema';
import { useSendMessage } from '../api/send-message';
import { useFollowPendingMessages } from '../hooks/use-follow-pending-messages';
import { toViewMessage } from '../utils/to-view-message';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';

export interface MessageSentEvent {
  conversationId: string;
  content: string;
  /** True when this was the conversation's first message from the user (it then names the conversation). */
  firstUserMessage: boolean;
}

interface ChatPanelProps {
  conversationId: string | null;
  ensureConversation(): Promise<string>;
  onMessageSent(event: MessageSentEvent): void;
  onInsufficientCredits(message: string): void;
  onGenerationSettled?(): void;
}

const EMPTY: Message[] = [];

export function ChatPanel(props: ChatPanelProps) {
  const { conversationId, ensureConversation, onMessageSent, onInsufficientCredits, onGenerationSettled } =
    props;
  const queryClient = useQueryClient();
  const messages = useMessages(conversationId);
  const send = useSendMessage();
  const stored = messages.data ?? EMPTY;
  useFollowPendingMessages(conversationId, stored, onGenerationSettled);

  const handleSend = async (content: string): Promise<boolean> => {
    try {
      const targetId = await ensureConversation();
      const known = queryClient.getQueryData<Message[]>(messagesQueryKey(targetId)) ?? EMPTY;
      const firstUserMessage = !known.some((message) => message.role === 'user');
      await send.mutateAsync({ conversationId: targetId, content });
      onMessageSent({ conversationId: targetId, content, firstUserMessage });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) onInsufficientCredits(error.message);
      else toast.error(errorMessage(error));
      return false;
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <MessageList
        messages={stored.map(toViewMessage)}
        isLoading={Boolean(conversationId) && messages.isPending}
        error={messages.error ? errorMessage(messages.error) : null}
      />
      <ChatInput busy={send.isPending} onSend={handleSend} />
    </div>
  );
}
