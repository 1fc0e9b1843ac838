import type { TextBox } from '@thumbnail-studio/contract';
import { BADGE, badgeRect, scaleBox, type YouTubeLayout } from '../../utils/youtube-layouts';

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
  /** Places to outline on the image (the readiness check's warnings), in full-size frame pixels. */
  outlines?: readonly TextBox[];
}

/**
 * A thumbnail at exactly the layout's size, cropped to fill as YouTube does, with the duration
 * badge where YouTube draws it (the box `badgeRect` computes, so the overlap warning agrees), and
 * the outlines asked for.
 */
export function YouTubeThumbnail({
  layout,
  src,
  sources = [],
  alt,
  duration,
  outlines = [],
}: YouTubeThumbnailProps) {
  const { width, height } = layout;
  const badge = badgeRect(width, height, duration);
  return (
    <div className="relative shrink-0 overflow-hidden" style={{ width, height, borderRadius: layout.radius }}>
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
      {outlines.map((box) => {
        const rect = scaleBox(box, width);
        return (
          <span
            key={`${box.x0},${box.y0},${box.x1},${box.y1}`}
            data-testid="readiness-outline"
            aria-hidden="true"
            className="pointer-events-none absolute rounded-sm border-2 border-amber-400 shadow-[0_0_0_1px_rgba(0,0,0,0.7)]"
            style={{ left: rect.x0, top: rect.y0, width: rect.x1 - rect.x0, height: rect.y1 - rect.y0 }}
          />
        );
      })}
    </div>
  );
}
