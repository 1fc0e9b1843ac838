import { MAX_TITLE_IDEA_LENGTH } from '@thumbnail-studio/contract';
import { Lightbulb } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { useSuggestTitles } from '../api/suggest-titles';
import { CopyTitleButton } from './copy-title-button';

export interface TitleIdeasProps {
  /** An image's ideas: its message, and which of its variations (the first by default). */
  messageId?: string;
  image?: number;
  /** A conversation's ideas (its latest image, else its prompts), when no image is named. */
  conversationId?: string;
  /** The image provider chosen in the chat, whose text model writes them; absent: the default. */
  provider?: string;
  /** Given: each idea offers 'Use as title', which hands it here (the YouTube preview's title). */
  onUse?(title: string): void;
}

/**
 * 'Title ideas': asks for five titles that go with the thumbnail (no credit) and lists them, each
 * with its length, a Copy button and, where `onUse` is given, 'Use as title'. Asking again
 * writes new ones. A linked video's own title, when read, is named as their starting point.
 */
export function TitleIdeas({ messageId, image, conversationId, provider, onUse }: TitleIdeasProps) {
  const suggest = useSuggestTitles();
  const listId = useId();
  const ask = () =>
    suggest.mutate(
      messageId
        ? { message_id: messageId, ...(image === undefined ? {} : { image }), provider }
        : { conversation_id: conversationId, provider },
    );
  const ideas = suggest.data;
  return (
    <div className="mt-4 space-y-3">
      <Button variant="secondary" size="sm" busy={suggest.isPending} onClick={ask} aria-controls={listId}>
        <Lightbulb aria-hidden="true" className="size-4" />
        {ideas ? 'New title ideas' : 'Title ideas'}
      </Button>
      {suggest.isError && (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(suggest.error)}
        </p>
      )}
      <div id={listId} aria-live="polite">
        {ideas?.video_title && (
          <p className="text-sm text-zinc-300">Starting from your video's title: {ideas.video_title}</p>
        )}
        {ideas && (
          <ol aria-label="Title ideas" className="mt-2 space-y-2">
            {ideas.titles.map((title) => (
              <li
                key={title}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-800 p-2"
              >
                <span className="min-w-0 flex-1 text-sm text-zinc-50">{title}</span>
                <span className="shrink-0 text-xs text-zinc-400 tabular-nums">
                  {title.length}/{MAX_TITLE_IDEA_LENGTH}
                  <span className="sr-only"> characters</span>
                </span>
                <CopyTitleButton title={title} />
                {onUse && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Use as title: ${title}`}
                    onClick={() => onUse(title)}
                  >
                    Use as title
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
