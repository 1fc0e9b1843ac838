import type { ReactNode } from 'react';

interface PhotoTileProps {
  /** The tile's accessible name, e.g. 'Photo 2'. */
  label: string;
  src: string;
  alt: string;
  isPrimary: boolean;
  /** The photo's buttons. */
  children: ReactNode;
}

/** One photo of a model: a square preview, a 'Primary' badge on the primary one, and its buttons. */
export function PhotoTile({ label, src, alt, isPrimary, children }: PhotoTileProps) {
  return (
    <li aria-label={label} className="overflow-hidden rounded-lg border border-zinc-700 bg-zinc-950">
      <div className="relative">
        <img src={src} alt={alt} crossOrigin="anonymous" className="aspect-square w-full object-cover" />
        {isPrimary && (
          <span className="absolute top-1.5 left-1.5 rounded-md bg-accent-600 px-1.5 py-0.5 text-xs font-semibold text-white">
            Primary
          </span>
        )}
      </div>
      <div className="flex justify-end gap-1 p-1">{children}</div>
    </li>
  );
}
