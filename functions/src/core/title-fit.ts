import { MAX_TITLE_IDEA_LENGTH } from '@thumbnail-studio/contract';

/** Small words a headline writes in lower case (but its first). */
export const SMALL_WORDS = new Set('a an the of in on at to for and or with vs'.split(' '));
/** Words a shortened title may not end on: it would read as cut off. */
const DANGLING = new Set([...SMALL_WORDS, 'my', 'your']);
/** Separators a shortened title may not end on. */
const TRAILING_SEPARATORS = /[\s,;:|/&–—-]+$/u;

/**
 * The title with its spaces tidied, at most `max` characters: a longer one is shortened at a word
 * boundary (never inside a word) without a dangling separator or small word at its end.
 * Undefined when nothing is left, e.g. its first word alone is too long.
 */
export function fitTitle(title: string, max = MAX_TITLE_IDEA_LENGTH): string | undefined {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text || undefined;
  const words: string[] = [];
  for (const word of text.split(' ')) {
    if ([...words, word].join(' ').length > max) break;
    words.push(word);
  }
  while (words.length > 1 && DANGLING.has((words.at(-1) ?? '').toLowerCase())) words.pop();
  return words.join(' ').replace(TRAILING_SEPARATORS, '') || undefined;
}
