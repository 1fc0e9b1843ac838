import { Download, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { downloadFilename } from '../../../utils/download-filename';

interface MessageImageProps {
  url: string;
  prompt: string | null;
  isBase64: boolean;
}

/** A generated thumbnail, the chat column wide and 16:9, with download and open-full-size actions. */
export function MessageImage({ url, prompt, isBase64 }: MessageImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {isBase64 ? 'Failed to load image data.' : 'Failed to load image. The URL may have expired.'}
      </p>
    );
  }
  const alt = prompt ? `Generated thumbnail: ${prompt}` : 'Generated thumbnail';
  return (
    <figure className="flex flex-col gap-2">
      <a href={url} target="_blank" rel="noreferrer" aria-label="Open full size image" className="block">
        <img
          src={url}
          alt={alt}
          loading="lazy"
          onError={() => setFailed(true)}
          className="aspect-video w-full rounded-xl bg-zinc-800 object-cover"
        />
      </a>
      <figcaption className="flex gap-2">
        <a
          href={url}
          download={downloadFilename(prompt)}
          className="inline-flex items-center gap-1.5 rounded-lg border border-zinc-700 px-3 py-1.5 text-sm text-zinc-100 hover:bg-zinc-800"
        >
          <Download aria-hidden="true" className="size-4" /> Download
        </a>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-zinc-300 hover:bg-zinc-800"
        >
          <Maximize2 aria-hidden="true" className="size-4" /> Full size
        </a>
      </figcaption>
    </figure>
  );
}
