const MAX_STEM_LENGTH = 50;
const SUFFIX = '_generated.png';

/**
 * The download's file name: the prompt lowercased, every non-alphanumeric character replaced with '_',
 * at most 50 characters, plus '_generated.png'.
 */
export function downloadFilename(prompt: string | null | undefined): string {
  const stem = (prompt ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, MAX_STEM_LENGTH);
  return `${stem || 'thumbnail'}${SUFFIX}`;
}
