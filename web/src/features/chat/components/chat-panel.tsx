import { useQueryClient } from '@tanstack/react-query';
import {
  isOwnKeyProvider,
  LEGIBILITY_EDIT_PROMPT,
  likenessRetryPrompt,
  type Message,
  type OwnKeyProvider,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useEditText } from '../../../lib/edit-text';
import { useMessages } from '../../../lib/get-messages';
import { messagesQueryKey } from '../../../lib/message-keys';
import type { RegionEditRequest, RegionSendProps } from '../../../lib/region-send';
import { toViewMessage } from '../../../lib/to-view-message';
import { useOlderMessages } from '../api/get-older-messages';
import { messagesOfRefusal, useSendMessage } from '../api/send-message';
import { useSendWithOwnKey } from '../api/send-with-own-key';
import { useAttachments } from '../hooks/use-attachments';
import { useFollowPendingMessages } from '../hooks/use-follow-pending-messages';
import { RegionSendContext } from '../hooks/use-region-send';
import { useTextMode } from '../hooks/use-text-mode';
import type { ImageActions } from '../types';
import { costText, OWN_KEY_COST_TEXT } from '../utils/cost-text';
import { ChatDropZone } from './chat-drop-zone';
import { ChatInput, type PromptHandle } from './chat-input';
import { EmptyChatHelp } from './empty-chat-help';
import { MessageList } from './message-list';
import { TextModeControl } from './text-mode-control';
import type { ImageChoice } from './variation-grid';
import { ChosenImageChip, VariationsControl } from './variations-control';

export interface ChatPanelProps {
  conversationId: string | null;
  /** The image provider to ask; undefined lets the backend pick. */
  provider: string | undefined;
  /**
   * The creator's own key for a provider, if they set one: sends to that provider are then made
   * from this browser with it, and charge nothing.
   */
  ownKeyFor?(provider: OwnKeyProvider): string | undefined;
  ensureConversation(): Promise<string>;
  /** A message was stored (a credit is reserved, the conversation moved to the top). */
  onMessageSent(): void;
  onInsufficientCredits(message: string): void;
  /** The creator asked to buy credits from the chat (a refusal's Buy credits). */
  onBuyCredits?(): void;
  /** A job finished: the balance and the conversation's title may have changed. */
  onGenerationSettled(): void;
  /** The person models the next messages feature (chosen outside the chat). */
  selectedModelIds?: readonly string[];
  /** More buttons beside 'Attach images', e.g. choosing people. */
  inputTools?: ReactNode;
  /** More chips above the message box, e.g. the people chosen. */
  inputChips?: ReactNode;
  /** What a user message shows of the person models it featured. */
  renderMessageModels?(ids: readonly string[]): ReactNode;
  /** Download, share and preview under each generated image (the thumbnails feature's). */
  imageActions?: ImageActions;
  /** A message to show once the conversation opens (older pages load until it is there). */
  focusMessageId?: string;
  /** An image to attach to the message being written, once a conversation is open ("More like the winner"). */
  reference?: File | null;
  /** The `reference` is attached: it is not attached again. */
  onReferenceTaken?(): void;
}

const EMPTY: Message[] = [];
const NO_MODELS: readonly string[] = [];

/**
 * Screens where opening a conversation focuses the message box. Not on phones and touch screens:
 * there the on-screen keyboard would jump up over the chat the creator came to read.
 */
const FOCUS_ON_OPEN_QUERY = '(min-width: 768px) and (pointer: fine)';

export function ChatPanel(props: ChatPanelProps) {
  const { conversationId, provider, ensureConversation, onMessageSent, onInsufficientCredits } = props;
  const modelIds = props.selectedModelIds ?? NO_MODELS;
  const queryClient = useQueryClient();
  const messages = useMessages(conversationId);
  const older = useOlderMessages(conversationId);
  const send = useSendMessage();
  const editText = useEditText();
  const sendWithOwnKey = useSendWithOwnKey();
  const attachments = useAttachments();
  const stored = messages.data ?? EMPTY;
  useFollowPendingMessages(conversationId, stored, props.onGenerationSettled);
  const generating = stored.some((message) => message.role === 'assistant' && message.status === 'pending');
  const prompt = useRef<PromptHandle>(null);
  const nothingAsked = messages.isSuccess && !stored.some((message) => message.role === 'user');
  const [variations, setVariations] = useState(1);
  const { textMode, setTextMode } = useTextMode();
  // The creator's own key for the chosen provider: sends then go from this browser.
  const ownApiKey = isOwnKeyProvider(provider) ? props.ownKeyFor?.(provider) : undefined;
  // 'Edit this one': the variation the next message edits, in this conversation only.
  const [chosen, setChosen] = useState<ImageChoice | null>(null);

  useEffect(() => {
    setChosen(null);
    if (conversationId && window.matchMedia(FOCUS_ON_OPEN_QUERY).matches) prompt.current?.focus();
  }, [conversationId]);

  const { reference, onReferenceTaken } = props;
  useEffect(() => {
    if (!reference || !conversationId) return;
    attachments.addFiles([reference]);
    onReferenceTaken?.();
  }, [reference, conversationId, attachments.addFiles, onReferenceTaken]);

  const choose = useCallback((choice: ImageChoice | null) => {
    setChosen(choice);
    if (choice) prompt.current?.focus();
  }, []);

  const refreshImages = useCallback(
    // Several images expire together; they share one refetch instead of cancelling each other's.
    () =>
      queryClient.refetchQueries(
        { queryKey: messagesQueryKey(conversationId ?? '') },
        { cancelRefetch: false },
      ),
    [queryClient, conversationId],
  );

  /**
   * `people` overrides the people chosen for the next message (a retry features its request's);
   * `region` makes it an edit of that image (of its painted area, where it has a mask) instead of
   * an edit of the chosen one.
   */
  const handleSend = async (
    content: string,
    people: readonly string[] = modelIds,
    region?: RegionEditRequest,
  ): Promise<boolean> => {
    try {
      const targetId = await ensureConversation();
      const { keys, previewUrls } = attachments;
      const editFrom = region ? { messageId: region.messageId, index: region.index } : chosen;
      const request = {
        conversationId: targetId,
        content,
        uploadKeys: keys,
        previewUrls,
        modelIds: people,
        variations,
        editFrom,
        mask: region?.mask,
      };
      if (ownApiKey && isOwnKeyProvider(provider)) {
        await sendWithOwnKey.mutateAsync({ ...request, provider, apiKey: ownApiKey });
      } else {
        await send.mutateAsync({ ...request, provider, textMode });
      }
      // An edit that names its own image leaves the one chosen for the next message chosen.
      if (!region) setChosen(null);
      attachments.clear();
      onMessageSent();
      return true;
    } catch (error) {
      const refused = messagesOfRefusal(error);
      if (!refused) {
        toast.error(errorMessage(error));
        return false;
      }
      // Stored, but not enough credits: the assistant's message says so and the checkout dialog opens.
      attachments.clear();
      onMessageSent();
      onInsufficientCredits(errorMessage(error));
      return true;
    }
  };

  /** 'Make it readable': the image's layers as the verdict fixed them, a free edit of its text. */
  const makeReadable = async (messageId: string, layers: TextLayer[]) => {
    try {
      await editText.mutateAsync({ messageId, layers });
      onMessageSent();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  /** The request an answer answered, asked again with the named people's likeness first. */
  const retryLikeness = async (answerId: string, names: string[]) => {
    const answerAt = stored.findIndex((message) => message.id === answerId);
    const request = stored.slice(0, answerAt).findLast((message) => message.role === 'user');
    if (!request) return;
    await handleSend(likenessRetryPrompt(names, request.content), request.selected_model_ids ?? []);
  };

  const busy = send.isPending || sendWithOwnKey.isPending || generating;
  const regionSend: RegionSendProps = {
    onSend: (request) => handleSend(request.content, modelIds, request),
    costText: ownApiKey ? OWN_KEY_COST_TEXT : costText(variations),
    busy,
  };

  return (
    <RegionSendContext value={regionSend}>
      <ChatDropZone onFiles={attachments.addFiles}>
        <MessageList
          messages={stored.map(toViewMessage)}
          isLoading={Boolean(conversationId) && messages.isPending}
          error={messages.error ? errorMessage(messages.error) : null}
          onImagesExpired={refreshImages}
          renderModels={props.renderMessageModels}
          imageActions={props.imageActions}
          onBuyCredits={props.onBuyCredits}
          focusMessageId={props.focusMessageId}
          onImproveText={
            generating || editText.isPending
              ? undefined
              : (messageId, readable) =>
                  void (readable ? makeReadable(messageId, readable) : handleSend(LEGIBILITY_EDIT_PROMPT))
          }
          onRetryLikeness={generating ? undefined : (answerId, names) => void retryLikeness(answerId, names)}
          chosenImage={chosen}
          onChooseImage={choose}
          hasOlder={older.hasOlder}
          loadingOlder={older.loadingOlder}
          onLoadOlder={() => {
            older.loadOlder().catch((error) => toast.error(errorMessage(error)));
          }}
        >
          {nothingAsked && <EmptyChatHelp onPick={(text) => prompt.current?.fill(text)} />}
        </MessageList>
        <ChatInput
          busy={busy}
          attachments={attachments}
          onSend={handleSend}
          tools={props.inputTools}
          chips={
            <>
              {chosen && <ChosenImageChip chosen={chosen} onClear={() => setChosen(null)} />}
              {props.inputChips}
            </>
          }
          footer={
            <div className="flex flex-wrap items-center gap-x-4">
              <VariationsControl value={variations} onChange={setVariations} />
              <TextModeControl value={textMode} onChange={setTextMode} ownKey={Boolean(ownApiKey)} />
            </div>
          }
          promptRef={prompt}
        />
      </ChatDropZone>
    </RegionSendContext>
  );
}
