import type { TextBox } from '@thumbnail-studio/contract';
import type { ReactNode } from 'react';
import type { YouTubeLayout } from '../../utils/youtube-layouts';
import { YOUTUBE_COLORS, type YouTubeTheme } from './youtube-colors';
import { type PictureSource, YouTubeThumbnail } from './youtube-thumbnail';

/** A video as a feed lists it: the creator's own, or one they linked to compare with. */
export interface FeedVideo {
  key: string;
  title: string;
  channel: string;
  /** The channel's picture, drawn at the size given. */
  avatar(size: number): ReactNode;
  src: string;
  sources?: PictureSource[];
  alt: string;
  /** Places to outline on its thumbnail (the readiness check's warnings, on the creator's own). */
  outlines?: readonly TextBox[];
}

/** Views and age are the same made-up line on every video, so only the thumbnails and titles differ. */
const META = '1.2K views · 3 days ago';

interface YouTubeFeedProps {
  layout: YouTubeLayout;
  videos: FeedVideo[];
  duration: string;
  theme: YouTubeTheme;
}

/** Title, channel and views under or beside a thumbnail, in the layout's type sizes (YouTube's). */
function Details({ layout, video, theme }: { layout: YouTubeLayout; video: FeedVideo; theme: YouTubeTheme }) {
  const colors = YOUTUBE_COLORS[theme];
  const compact = layout.id === 'up-next' || layout.id === 'phone';
  const titleSize =
    layout.id === 'search'
      ? 'text-lg leading-[26px]'
      : compact
        ? 'text-sm leading-5'
        : 'text-base leading-[22px]';
  const metaSize = compact || layout.id === 'search' ? 'text-xs leading-[18px]' : 'text-sm leading-5';
  return (
    // The phone's feed runs edge to edge; its text keeps 12 px from the screen's sides.
    <div className={`flex min-w-0 flex-1 gap-3 ${layout.id === 'phone' ? 'px-3' : ''}`}>
      {(layout.id === 'home' || layout.id === 'phone') && <div className="shrink-0">{video.avatar(36)}</div>}
      <div className="min-w-0 flex-1">
        <p className={`line-clamp-2 font-medium ${titleSize}`} style={{ color: colors.text }}>
          {video.title}
        </p>
        <div className={metaSize} style={{ color: colors.secondary }}>
          {layout.id === 'search' ? (
            <>
              <p>{META}</p>
              <p className="my-3 flex items-center gap-2">
                {video.avatar(24)}
                {video.channel}
              </p>
            </>
          ) : layout.id === 'phone' ? (
            <p>
              {video.channel} · {META}
            </p>
          ) : (
            <>
              <p>{video.channel}</p>
              <p>{META}</p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * One of YouTube's layouts with the creator's video first and the linked ones after it: the home
 * grid and the phone feed put details under each thumbnail, search and up next beside it.
 */
export function YouTubeFeed({ layout, videos, duration, theme }: YouTubeFeedProps) {
  const stacked = layout.id === 'home' || layout.id === 'phone';
  return (
    <ul className={stacked ? 'flex flex-wrap gap-x-3 gap-y-6' : 'flex flex-col gap-3'}>
      {videos.map((video) => (
        <li
          key={video.key}
          className={stacked ? 'flex flex-col gap-3' : `flex ${layout.id === 'search' ? 'gap-4' : 'gap-2'}`}
          style={stacked ? { width: layout.width } : undefined}
        >
          <YouTubeThumbnail
            layout={layout}
            src={video.src}
            sources={video.sources}
            alt={video.alt}
            duration={duration}
            outlines={video.outlines}
          />
          <Details layout={layout} video={video} theme={theme} />
        </li>
      ))}
    </ul>
  );
}
