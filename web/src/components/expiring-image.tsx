import { type ImgHTMLAttributes, type MouseEvent, useRef, useState } from 'react';
import { cn } from '../lib/cn';

interface ExpiringImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  isBase64?: boolean;
  /** Fetches fresh signed URLs for the message list. */
  onExpired?(): Promise<unknown>;
  errorClassName?: string;
  /** Wraps the loaded image in a link that opens this address in a new tab, e.g. the full-size image. */
  link?: { href: string; label: string; className?: string; onClick?(event: MouseEvent): void };
  /** Sources the browser prefers to `src` when it takes their type, e.g. WebP at several widths. */
  sources?: { type: string; srcSet: string; sizes: string }[];
}

/**
 * An image behind a short-lived signed URL. When it fails to load, fresh URLs are fetched once; if
 * it fails again, or the URL stays the same, it is hidden and a 'Failed to load image' error shows.
 */
export function ExpiringImage(props: ExpiringImageProps) {
  const { src, isBase64 = false, onExpired, errorClassName, link, sources, className, alt, ...img } = props;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const retried = useRef(false);

  if (failedSrc === src) {
    if (refreshing) return <div aria-hidden="true" className={cn(className, 'animate-pulse bg-zinc-800')} />;
    return (
      <p role="alert" className={cn('text-sm text-red-300', errorClassName)}>
        {isBase64 ? 'Failed to load image data.' : 'Failed to load image. The URL may have expired.'}
      </p>
    );
  }

  const handleError = () => {
    setFailedSrc(src);
    if (isBase64 || retried.current || !onExpired) return;
    retried.current = true;
    setRefreshing(true);
    // A fresh URL renders the image again; the same URL leaves the error showing.
    onExpired().finally(() => setRefreshing(false));
  };

  // In CORS mode, as the app's reads of a signed URL are: the copy the browser keeps serves both.
  const plain = (
    <img src={src} alt={alt} crossOrigin="anonymous" onError={handleError} className={className} {...img} />
  );
  // The <img> loads whichever source the browser picked, so its error covers them all.
  const image = sources?.length ? (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      {plain}
    </picture>
  ) : (
    plain
  );
  if (!link) return image;
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noreferrer"
      aria-label={link.label}
      className={link.className}
      onClick={link.onClick}
    >
      {image}
    </a>
  );
}
