/**
 * YouTube's own page colours (its `--yt-spec-base-background`, `--yt-spec-text-primary` and
 * `--yt-spec-text-secondary` in each theme), so a thumbnail is seen against what surrounds it there.
 */
export const YOUTUBE_COLORS = {
  light: { background: '#ffffff', text: '#0f0f0f', secondary: '#606060' },
  dark: { background: '#0f0f0f', text: '#f1f1f1', secondary: '#aaaaaa' },
} as const;

export type YouTubeTheme = keyof typeof YOUTUBE_COLORS;
