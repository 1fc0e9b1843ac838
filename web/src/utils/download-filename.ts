import { type DownloadFormat, promptSlug } from '@thumbnail-studio/contract';

const SUFFIX = '_generated';

/**
 * The download's file name: the prompt lowercased, every non-alphanumeric character replaced with '_',
 * at most 50 characters, plus '_generated.png'. The JPEG is named by the same rule with its own
 * extension, '_generated.jpg', so the two files of one image sort side by side.
 */
export function downloadFilename(prompt: string | null | undefined, format: DownloadFormat = 'png'): string {
  return `${promptSlug(prompt)}${SUFFIX}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}
