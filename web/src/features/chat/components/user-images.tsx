import { ExpiringImage } from './expiring-image';

/** The address without its signature: stays the same when the URL is signed afresh, so retries are kept. */
const objectOf = (url: string) => url.split('?')[0] ?? url;

interface UserImagesProps {
  urls: string[];
  onExpired?(): Promise<unknown>;
}

/** The references that went with the user's message, as small 16:9 thumbnails. */
export function UserImages({ urls, onExpired }: UserImagesProps) {
  if (urls.length === 0) return null;
  return (
    <ul aria-label="Reference images" className="flex flex-wrap justify-end gap-2">
      {urls.map((url, index) => (
        <li key={objectOf(url)} className="w-28 sm:w-32">
          <ExpiringImage
            src={url}
            onExpired={onExpired}
            alt={`Reference image ${index + 1}`}
            width={128}
            height={72}
            loading="lazy"
            decoding="async"
            link={{ href: url, label: `Open reference image ${index + 1}`, className: 'block' }}
            className="aspect-video w-full rounded-lg border border-zinc-700 bg-zinc-900 object-cover"
            errorClassName="text-xs"
          />
        </li>
      ))}
    </ul>
  );
}
