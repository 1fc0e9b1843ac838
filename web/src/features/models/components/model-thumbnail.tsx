import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A model's photo beside its name (so decorative), or a person icon when it has none or the signed,
 * short-lived URL fails.
 */
export function ModelThumbnail({ url, className }: { url: string | null; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <span
        aria-hidden="true"
        className={cn('flex shrink-0 items-center justify-center bg-zinc-800 text-zinc-400', className)}
      >
        <UserRound className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      crossOrigin="anonymous"
      loading="lazy"
      onError={() => setFailedUrl(url)}
      className={cn('shrink-0 bg-zinc-800 object-cover', className)}
    />
  );
}
