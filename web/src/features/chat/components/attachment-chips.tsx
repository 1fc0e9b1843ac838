import { AlertCircle, Film, X } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { Attachment } from '../hooks/use-attachment-list';

const describe = (attachment: Attachment) =>
  attachment.kind === 'video' ? `video ${attachment.source}` : `image ${attachment.source}`;

function ChipPreview({ attachment }: { attachment: Attachment }) {
  if (attachment.status === 'error') {
    return <AlertCircle aria-hidden="true" className="m-auto size-4 text-red-300" />;
  }
  return (
    <>
      {attachment.previewUrl ? (
        <img src={attachment.previewUrl} alt="" crossOrigin="anonymous" className="size-full object-cover" />
      ) : (
        <Film aria-hidden="true" className="m-auto size-4 text-zinc-400" />
      )}
      {attachment.status === 'loading' && (
        <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-white">
          <Spinner className="size-3.5" />
        </span>
      )}
    </>
  );
}

function chipText(attachment: Attachment) {
  if (attachment.status === 'error') return attachment.error ?? 'Failed';
  if (attachment.status === 'loading')
    return attachment.kind === 'video' ? 'Fetching thumbnail...' : 'Uploading...';
  return attachment.kind === 'video' ? 'Video thumbnail' : attachment.source;
}

/** The references attached to the next message, each with its state and a remove button. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: Attachment[];
  onRemove(id: string): void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attached references" className="flex flex-wrap gap-2 px-1 pb-2">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          aria-busy={attachment.status === 'loading' || undefined}
          className={cn(
            'flex max-w-full items-center gap-2 rounded-lg border py-1 pr-1 pl-1 text-xs',
            attachment.status === 'error'
              ? 'border-red-800 bg-red-950 text-red-100'
              : 'border-zinc-700 bg-zinc-800 text-zinc-200',
          )}
        >
          <span className="relative flex aspect-video w-14 shrink-0 overflow-hidden rounded bg-zinc-900">
            <ChipPreview attachment={attachment} />
          </span>
          <span
            role={attachment.status === 'error' ? 'alert' : undefined}
            className={attachment.status === 'error' ? 'max-w-64' : 'max-w-40 truncate'}
          >
            {chipText(attachment)}
          </span>
          <button
            type="button"
            onClick={() => onRemove(attachment.id)}
            aria-label={`Remove ${describe(attachment)}`}
            className="rounded p-1 text-zinc-400 hover:bg-zinc-700 hover:text-zinc-50"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
