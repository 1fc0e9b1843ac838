import { BADGE, badgeRect, type YouTubeLayout } from '../../utils/youtube-layouts';

/** One picture source for `<picture>`: a type and its `srcset`. */
export interface PictureSource {
  type: string;
  srcSet: string;
}

interface YouTubeThumbnailProps {
  layout: YouTubeLayout;
  src: string;
  /** The previews at several widths, so the size drawn here is crisp. */
  sources?: PictureSource[];
  alt: string;
  duration: string;
}

/** Corner rounding YouTube gives thumbnails: 12 px on desktop lists, 8 px up next, none on a phone's feed. */
const RADIUS: Record<YouTubeLayout['id'], number> = { home: 12, search: 12, 'up-next': 8, phone: 0 };

/**
 * A thumbnail at exactly the layout's size, cropped to fill as YouTube does, with the duration
 * badge where YouTube draws it (the box `badgeRect` computes, so the overlap warning agrees).
 */
export function YouTubeThumbnail({ layout, src, sources = [], alt, duration }: YouTubeThumbnailProps) {
  const { width, height } = layout;
  const badge = badgeRect(width, height, duration);
  return (
    <div
      className="relative shrink-0 overflow-hidden"
      style={{ width, height, borderRadius: RADIUS[layout.id] }}
    >
      <picture>
        {sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={`${width}px`} />
        ))}
        <img
          src={src}
          alt={alt}
          crossOrigin="anonymous"
          width={width}
          height={height}
          decoding="async"
          className="block object-cover"
          style={{ width, height, background: '#272727' }}
        />
      </picture>
      <span
        className="absolute text-center font-medium text-white"
        style={{
          left: badge.x0,
          top: badge.y0,
          width: badge.x1 - badge.x0,
          height: BADGE.height,
          lineHeight: `${BADGE.height}px`,
          fontSize: 12,
          borderRadius: 4,
          background: 'rgba(0, 0, 0, 0.8)',
        }}
      >
        {duration}
      </span>
    </div>
  );
}
