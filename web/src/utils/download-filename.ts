import type { DownloadFormat } from '@thumbnail-studio/contract';

const MAX_STEM_LENGTH = 50;
const SUFFIX = '_generated';

/**
 * The download's file name: the prompt lowercased, every non-alphanumeric character replaced with '_',
 * at most 50 characters, plus '_generated.png'. The JPEG is named by the same rule with its own
 * extension, '_generated.jpg', so the two files of one image sort side by side.
 */
export function downloadFilename(prompt: string | null | undefined, format: DownloadFormat = 'png'): string {
  const stem = (prompt ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, MAX_STEM_LENGTH);
  return `${stem || 'thumbnail'}${SUFFIX}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}
