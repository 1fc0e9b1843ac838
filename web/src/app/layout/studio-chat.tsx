import { ChatPanel, type ChatPanelProps } from '../../features/chat/components/chat-panel';
import { MessagePeople } from '../../features/models/components/message-people';
import { PeopleButton } from '../../features/models/components/people-button';
import { SelectedModelChips } from '../../features/models/components/selected-model-chips';
import { useModelSelection } from '../../features/models/hooks/use-model-selection';
import { ConversationTitleIdeas } from '../../features/thumbnails/components/conversation-title-ideas';
import { imageActions } from './image-actions';

type StudioChatProps = Omit<
  ChatPanelProps,
  'selectedModelIds' | 'inputTools' | 'inputChips' | 'renderMessageModels' | 'imageActions'
>;

const renderMessageModels = (ids: readonly string[]) => <MessagePeople ids={ids} />;

/**
 * The chat with people: 'Select people' in the input opens Manage Models, the chosen models show as
 * chips and go with every message until removed, and each user message names the people it featured.
 * Each generated image offers the thumbnails feature's download, share and YouTube preview, and
 * 'Title ideas' in the input asks for titles for the conversation's thumbnail.
 */
export function StudioChat(props: StudioChatProps) {
  const selection = useModelSelection();
  return (
    <ChatPanel
      {...props}
      selectedModelIds={selection.selectedIds}
      inputTools={
        <>
          <PeopleButton selectedIds={selection.selectedIds} onApply={selection.apply} />
          <ConversationTitleIdeas conversationId={props.conversationId} provider={props.provider} />
        </>
      }
      inputChips={<SelectedModelChips models={selection.selected} onRemove={selection.remove} />}
      renderMessageModels={renderMessageModels}
      imageActions={imageActions}
    />
  );
}
