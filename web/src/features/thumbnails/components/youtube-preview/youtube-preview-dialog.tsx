import { useMemo, useState } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { useMessages } from '../../../../lib/get-messages';
import { previewSources } from '../../../../lib/preview-sources';
import type { RegionSendProps } from '../../../../lib/region-send';
import { currentTheme } from '../../../../lib/theme';
import { toViewMessage, type ViewMessage } from '../../../../lib/to-view-message';
import { useImageChecks } from '../../api/get-image-checks';
import { useAccountName } from '../../hooks/account-name';
import { useImagePixels } from '../../hooks/use-image-pixels';
import { usePreviewProfile } from '../../hooks/use-preview-profile';
import { linkedVideos, withoutVideoLinks } from '../../utils/linked-videos';
import { readinessItems } from '../../utils/readiness';
import { YOUTUBE_LAYOUTS, type YouTubeLayout } from '../../utils/youtube-layouts';
import { TitleIdeas } from '../title-ideas';
import { ChannelAvatar } from './channel-avatar';
import { PreviewFields } from './preview-fields';
import { readAvatar } from './read-avatar';
import { ReadinessPanel } from './readiness-panel';
import { YOUTUBE_COLORS, type YouTubeTheme } from './youtube-colors';
import { type FeedVideo, YouTubeFeed } from './youtube-feed';

export interface YouTubePreviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  image: ViewMessage & { imageUrl: string };
  /**
   * Whether the answer's text check is of this image (it reads an answer's first image only): a
   * later variation gets no warning about text it may not have.
   * @default true
   */
  checked?: boolean;
  /**
   * Which image of the message it is (its variation).
   * @default 0
   */
  imageIndex?: number;
  /** The chat's send, for the readiness check's paid fixes (absent outside a chat). */
  send?: RegionSendProps;
}

const DEFAULT_CHANNEL = 'My channel';
const sizeOf = (layout: YouTubeLayout) => `${layout.width}x${layout.height}`;

/**
 * The thumbnail where it will live on YouTube: the home grid, search, up next and a phone's feed at
 * their real sizes, in YouTube's light or dark page, with the creator's title, channel and the
 * duration badge, beside the thumbnails of the videos linked in the conversation; and the
 * readiness check of the image, its warnings outlined on the creator's thumbnail. Title ideas
 * for the image can be tried as its title.
 */
export default function YouTubePreviewDialog({
  open,
  onOpenChange,
  image,
  checked = true,
  imageIndex = 0,
  send,
}: YouTubePreviewDialogProps) {
  const { profile, update, setTitle } = usePreviewProfile();
  const accountName = useAccountName();
  const [theme, setTheme] = useState<YouTubeTheme>(currentTheme);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [outlined, setOutlined] = useState(true);
  const checks = useImageChecks(image.id, imageIndex).data;
  const pixels = useImagePixels(image.imageUrl);
  const items = readinessItems({
    // The chat's copy stands in until the server's newest read is there.
    legibility: !checked ? null : checks ? checks.legibility : (image.legibility ?? undefined),
    faces: checked ? (checks?.faces ?? image.faceBoxes) : null,
    layers: checks?.layers ?? [],
    pixels,
    duration: profile.duration,
  });
  const outlines = outlined ? items.flatMap((item) => (item.ok === false ? item.boxes : [])) : [];
  const messages = useMessages(image.conversationId).data;
  const linked = useMemo(() => linkedVideos((messages ?? []).map(toViewMessage)), [messages]);

  const title = profile.titles[image.id] ?? (withoutVideoLinks(image.prompt ?? '') || 'My new video');
  const channel = profile.channel || accountName || DEFAULT_CHANNEL;
  const avatar = (size: number) => <ChannelAvatar name={channel} image={profile.avatar} size={size} />;
  const videos: FeedVideo[] = [
    {
      key: image.id,
      title,
      channel,
      avatar,
      src: image.imageUrl,
      sources: previewSources(image.imageSources),
      alt: 'Your thumbnail',
      outlines,
    },
    ...linked.map((video, i) => ({
      key: video.videoId,
      title: `Video you linked (${video.videoId})`,
      channel: 'Linked video',
      avatar: (size: number) => <ChannelAvatar name={`${i + 1}`} image="" size={size} />,
      src: video.thumbnailUrl,
      alt: `Linked video ${video.videoId}`,
    })),
  ];
  const colors = YOUTUBE_COLORS[theme];

  const onAvatar = async (file: File) => {
    setAvatarError(null);
    try {
      update({ avatar: await readAvatar(file) });
    } catch {
      setAvatarError('That image could not be read. Please pick another.');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Preview on YouTube"
      description="Your thumbnail at the sizes YouTube shows it, beside the videos you linked in this conversation."
      className="max-w-6xl!"
    >
      <PreviewFields
        title={title}
        onTitle={(value) => setTitle(image.id, value)}
        channel={profile.channel}
        channelPlaceholder={accountName || DEFAULT_CHANNEL}
        onChannel={(value) => update({ channel: value })}
        duration={profile.duration}
        onDuration={(value) => update({ duration: value })}
        hasAvatar={Boolean(profile.avatar)}
        onAvatar={onAvatar}
        onRemoveAvatar={() => update({ avatar: '' })}
        avatarError={avatarError}
        theme={theme}
        onTheme={setTheme}
      />
      <TitleIdeas messageId={image.id} image={imageIndex} onUse={(idea) => setTitle(image.id, idea)} />
      <ReadinessPanel
        items={items}
        messageId={image.id}
        imageIndex={imageIndex}
        send={send}
        outlined={outlined}
        onOutlined={setOutlined}
        onFixed={() => onOpenChange(false)}
      />
      {/* Focusable: on a phone the page scrolls sideways (the phone feed alone is 390 px wide). */}
      <section
        data-testid="youtube-page"
        aria-label="YouTube page"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="mt-4 flex flex-col gap-8 overflow-x-auto rounded-xl p-4"
        style={{ background: colors.background, color: colors.text }}
      >
        {YOUTUBE_LAYOUTS.map((layout) => (
          <section
            key={layout.id}
            aria-label={`${layout.name}, ${sizeOf(layout)}`}
            className="flex flex-col gap-3"
          >
            <h3 className="text-sm font-medium" style={{ color: colors.secondary }}>
              {layout.name}{' '}
              <span className="font-normal">
                · {layout.width} × {layout.height}
              </span>
            </h3>
            <YouTubeFeed layout={layout} videos={videos} duration={profile.duration} theme={theme} />
          </section>
        ))}
      </section>
    </Dialog>
  );
}
