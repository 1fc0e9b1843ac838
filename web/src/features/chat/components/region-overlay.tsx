interface RegionOverlayProps {
  /** The painted area: a PNG the edited image's size, opaque where painted. */
  maskUrl: string;
  /** A preview of the image it edits, when the chat has it loaded. */
  imageUrl: string | null;
}

/**
 * What a region edit asked to change, small: the edited image with the painted area tinted over
 * it (the mask's opaque pixels let the accent colour through), so the history shows where.
 */
export function RegionOverlay({ maskUrl, imageUrl }: RegionOverlayProps) {
  const mask = `url("${maskUrl}")`;
  return (
    <figure
      role="img"
      aria-label="The area painted to change"
      className="relative aspect-video w-40 overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900"
    >
      {imageUrl && (
        <img
          src={imageUrl}
          alt=""
          crossOrigin="anonymous"
          loading="lazy"
          className="h-full w-full object-cover"
        />
      )}
      <div
        data-testid="painted-area"
        className="absolute inset-0 bg-accent-500/60"
        style={{ maskImage: mask, WebkitMaskImage: mask, maskSize: '100% 100%', WebkitMaskSize: '100% 100%' }}
      />
    </figure>
  );
}
