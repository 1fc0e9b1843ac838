import { ImagePlus, SendHorizontal } from 'lucide-react';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button';
import type { Attachments } from '../hooks/use-attachments';
import { useAutoResize } from '../hooks/use-auto-resize';
import { useQueuedSend } from '../hooks/use-queued-send';
import { useVideoLinks } from '../hooks/use-video-links';
import { enterSends, typesOnTouchKeyboard } from '../utils/enter-sends';
import { AttachmentChips } from './attachment-chips';

/** The message box's element id, e.g. for a skip link. */
export const PROMPT_ID = 'chat-message';

/** What the chat can do with the message box from outside: focus it, or fill it with an example. */
export interface PromptHandle {
  focus(): void;
  fill(text: string): void;
}

interface ChatInputProps {
  /** A message is being sent or the conversation's job is still running. */
  busy: boolean;
  attachments: Attachments;
  /** Resolves false when the message was not sent, so the text comes back for another try. */
  onSend(text: string): Promise<boolean>;
  /** More buttons beside 'Attach images'. */
  tools?: ReactNode;
  /** More chips above the message box. */
  chips?: ReactNode;
  /** A row under the message box, inside its frame, e.g. how many variations to make. */
  footer?: ReactNode;
  promptRef?: Ref<PromptHandle>;
}

/** What a send waiting for its references says. */
const waitingText = ({ attachments }: Attachments) =>
  attachments.some((item) => item.status === 'loading' && item.kind === 'video')
    ? 'Sending as soon as the video thumbnail is ready...'
    : 'Sending as soon as your images have uploaded...';

export function ChatInput({ busy, attachments, onSend, tools, chips, footer, promptRef }: ChatInputProps) {
  const [value, setValue] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  useAutoResize(textareaRef, value);
  useImperativeHandle(promptRef, () => ({
    focus: () => textareaRef.current?.focus(),
    fill: (text) => {
      setValue(text);
      textareaRef.current?.focus();
    },
  }));
  const videoLinks = useVideoLinks(value, attachments);
  const queuedSend = useQueuedSend(!attachments.busy, () => submit());
  // Not while empty or generating; while an upload or a thumbnail is on its way it waits for them.
  const canSend = value.trim().length > 0 && !busy && !queuedSend.queued;
  const onTouchKeyboard = typesOnTouchKeyboard();

  function submit() {
    const text = value.trim();
    if (!text || busy) return;
    // A link typed just now is fetched first, and a send asked for meanwhile goes once it is in.
    if (videoLinks.detectNow(text) || attachments.busy) {
      queuedSend.queue();
      return;
    }
    void send(text);
  }

  const send = async (text: string) => {
    setValue('');
    const sent = await onSend(text);
    if (!sent) setValue((current) => current || text);
    textareaRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, shiftKey, nativeEvent } = event;
    if (!enterSends({ key, shiftKey, isComposing: nativeEvent.isComposing }, onTouchKeyboard)) return;
    event.preventDefault();
    submit();
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (images.length > 0) {
      event.preventDefault();
      attachments.addFiles(images);
      return;
    }
    videoLinks.onPaste(event.clipboardData.getData('text'));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={handleSubmit} className="border-t border-zinc-800 bg-zinc-950 px-3 py-3 sm:px-4">
      <div className="mx-auto w-full max-w-3xl rounded-2xl border border-zinc-700 bg-zinc-900 p-2 focus-within:border-accent-500">
        {chips}
        <AttachmentChips attachments={attachments.attachments} onRemove={attachments.remove} />
        <div className="flex items-end gap-1">
          <label htmlFor={PROMPT_ID} className="sr-only">
            Message
          </label>
          <textarea
            id={PROMPT_ID}
            ref={textareaRef}
            rows={1}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              // Emptying the box takes back a send that was waiting for its references.
              if (!event.target.value.trim()) queuedSend.cancel();
            }}
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
            placeholder="Describe your thumbnail..."
            enterKeyHint={onTouchKeyboard ? 'enter' : 'send'}
            className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] text-zinc-50 placeholder:text-zinc-400 focus:outline-none"
          />
          <input
            ref={fileInputRef}
            type="file"
            accept="image/*"
            multiple
            hidden
            onChange={(event) => {
              attachments.addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Attach images"
            title="Attach reference images"
            onClick={() => fileInputRef.current?.click()}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
          </Button>
          {tools}
          <Button
            type="submit"
            size="icon"
            aria-label="Send message"
            disabled={!canSend}
            busy={busy || queuedSend.queued}
          >
            {!(busy || queuedSend.queued) && <SendHorizontal aria-hidden="true" className="size-5" />}
          </Button>
        </div>
        {footer}
        {queuedSend.queued && (
          <p role="status" className="px-2 pb-1 text-xs text-zinc-300">
            {waitingText(attachments)}
          </p>
        )}
      </div>
      <p className="mx-auto mt-2 hidden max-w-3xl text-xs text-zinc-400 md:block">
        {onTouchKeyboard
          ? 'The send button sends; Enter starts a new line.'
          : 'Enter to send, Shift+Enter for a new line.'}{' '}
        Drop images or paste a video link to use them as references.
      </p>
    </form>
  );
}
