import { TITLE_IDEAS_COUNT } from '@thumbnail-studio/contract';
import type { TitleRequest } from '@thumbnail-studio/providers';
import { fitTitle } from './title-fit';
import { titleTemplates } from './title-templates';

export { fitTitle } from './title-fit';

/** A text's words as compared: lower case letters and digits of any script, punctuation aside. */
const comparableWords = (text: string): string =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** True when `title` holds one of the thumbnail's texts word for word (case and punctuation aside). */
export function repeatsThumbnailText(title: string, thumbnailText: readonly string[]): boolean {
  const words = ` ${comparableWords(title)} `;
  return thumbnailText.some((text) => {
    const wanted = comparableWords(text);
    return wanted.length > 0 && words.includes(` ${wanted} `);
  });
}

/** Quote pairs a model may wrap a title in. */
const QUOTES: [string, string][] = [
  ['"', '"'],
  ['“', '”'],
  ["'", "'"],
  ['‘', '’'],
  ['«', '»'],
  ['`', '`'],
];

/** One line of a model's answer as a bare title: no numbering, bullet, markdown or wrapping quotes. */
export function cleanTitleLine(line: string): string {
  let text = line
    .trim()
    .replace(/^(?:\d{1,2}\s*[.):-]|[-*•–])\s*/u, '')
    .replace(/\*\*|__/g, '')
    .trim();
  for (;;) {
    const pair = QUOTES.find(
      ([open, close]) => text.length > 1 && text.startsWith(open) && text.endsWith(close),
    );
    if (!pair) return text;
    text = text.slice(pair[0].length, -pair[1].length).trim();
  }
}

/**
 * Exactly `TITLE_IDEAS_COUNT` titles from a text model's answer (one a line; absent when there
 * was no model or it failed): each cleaned and fitted to `MAX_TITLE_IDEA_LENGTH`, none repeating
 * the thumbnail's text, none twice. What the answer lacks is filled from the template writer.
 */
export function titleIdeasFrom(answer: string | undefined, request: TitleRequest): string[] {
  const chosen: string[] = [];
  const seen = new Set<string>();
  const take = (candidate: string) => {
    const title = fitTitle(candidate);
    if (!title || repeatsThumbnailText(title, request.thumbnailText)) return;
    const key = comparableWords(title);
    if (!key || seen.has(key) || chosen.length === TITLE_IDEAS_COUNT) return;
    seen.add(key);
    chosen.push(title);
  };
  for (const line of (answer ?? '').split(/\r?\n/)) take(cleanTitleLine(line));
  for (const candidate of titleTemplates(request)) take(candidate);
  return chosen;
}

/** The offline writer's ideas: the template writer's titles alone, cleaned the same way. */
export const offlineTitleIdeas = (request: TitleRequest): string[] => titleIdeasFrom(undefined, request);
