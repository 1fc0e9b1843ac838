import { MAX_COMPARE_IMAGES, MIN_COMPARE_IMAGES } from '@thumbnail-studio/contract';

/** Whether this many chosen thumbnails make a Test & Compare set. */
export const isCompareSet = (chosen: number) => chosen >= MIN_COMPARE_IMAGES && chosen <= MAX_COMPARE_IMAGES;

/** What the Test & Compare bar says for this many chosen thumbnails: what to do next. */
export function compareStatus(chosen: number): string {
  if (chosen === 0) return 'Choose 2 or 3 thumbnails, in the order you want them numbered.';
  if (chosen < MIN_COMPARE_IMAGES) return '1 chosen. Choose at least one more: Test & Compare needs 2 or 3.';
  if (chosen > MAX_COMPARE_IMAGES) {
    const extra = chosen - MAX_COMPARE_IMAGES;
    return `${chosen} chosen. Test & Compare takes at most 3: unselect ${extra === 1 ? 'one' : extra}.`;
  }
  return chosen === MAX_COMPARE_IMAGES
    ? '3 chosen, ready to download.'
    : '2 chosen, ready to download, or choose a third.';
}
