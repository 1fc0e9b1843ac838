import { ExpiringImage } from '../../../components/expiring-image';

/** The address without its signature: stays the same when the URL is signed afresh, so retries are kept. */
const objectOf = (url: string) => url.split('?')[0] ?? url;

interface UserImagesProps {
  urls: string[];
  onExpired?(): Promise<unknown>;
}

/**
 * The references that went with the user's message, small and whole: a row of one height, each as
 * wide as its own shape needs, never cropped to another shape.
 */
export function UserImages({ urls, onExpired }: UserImagesProps) {
  if (urls.length === 0) return null;
  return (
    <ul aria-label="Reference images" className="flex flex-wrap justify-end gap-2">
      {urls.map((url, index) => (
        <li key={objectOf(url)} className="max-w-full">
          <ExpiringImage
            src={url}
            onExpired={onExpired}
            alt={`Reference image ${index + 1}`}
            width={128}
            height={72}
            loading="lazy"
            decoding="async"
            link={{ href: url, label: `Open reference image ${index + 1}`, className: 'block' }}
            className="h-18 w-auto max-w-full rounded-lg border border-zinc-700 bg-zinc-900 object-contain"
            errorClassName="text-xs"
          />
        </li>
      ))}
    </ul>
  );
}
