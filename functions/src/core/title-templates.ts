import { MAX_TITLE_IDEA_LENGTH, TITLE_IDEAS_COUNT } from '@thumbnail-studio/contract';
import type { TitleRequest } from '@thumbnail-studio/providers';
import { fitTitle, SMALL_WORDS } from './title-fit';

/** Title patterns around a topic (`{t}`), for the template writer. */
const TOPIC_TEMPLATES = [
  '{t}: What Nobody Tells You',
  "I Tried {t} So You Don't Have To",
  'The Truth About {t}',
  'Why {t} Changes Everything',
  '{t}, Explained in Minutes',
  '{t}: Before vs After',
  'Is {t} Worth It?',
  "{t} Like You've Never Seen It",
];

/** Titles without a topic, for a thumbnail with nothing to say about it (or a topic too long). */
const GENERIC_TITLES = [
  "You Won't Believe How This Ended",
  'Watch This Before You Decide',
  'The Video Everyone Asked For',
  "I Didn't Expect This Result",
  'Nobody Saw This Coming',
  'This Changed Everything',
];

/** Requests for a picture, not part of its subject: "make a thumbnail of ...". */
const LEAD_IN =
  /^(?:please\s+)?(?:(?:make|create|generate|design|draw|give)\s+(?:me\s+)?)?(?:(?:a|an|the)\s+)?(?:(?:youtube|yt)\s+)?(?:thumbnail|image|picture|photo)?\s*(?:of|for|with|about|showing)?\s+/i;
/** Words left behind by the thumbnail text taken out of the prompt: "with the text", "saying". */
const TEXT_TAIL =
  /\s*(?:,|\band)?\s*(?:with\s+(?:the\s+)?(?:text|words?|title)|that\s+says|saying|reading)\s*[:,]?\s*$/i;
const ARTICLE = /^(?:a|an|the)\s+/i;

/** A prompt's subject as a headline: the request's own wording gone, each main word capitalised. */
export function headline(subject: string): string {
  const bare = subject
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEAD_IN, '')
    .replace(TEXT_TAIL, '')
    .replace(ARTICLE, '')
    .replace(/[\s.,;:!]+$/u, '');
  return bare
    .split(' ')
    .map((word, at) =>
      at > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** A small stable hash, so one topic always gets the same templates and another topic others. */
const hashOf = (text: string): number =>
  [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);

/** The patterns around one topic, from a place of its own, the topic shortened to fit each. */
function aroundTopic(topic: string): string[] {
  if (!topic) return [];
  const start = hashOf(topic) % TOPIC_TEMPLATES.length;
  const rotated = [...TOPIC_TEMPLATES.slice(start), ...TOPIC_TEMPLATES.slice(0, start)];
  return rotated.flatMap((template) => {
    const fitted = fitTitle(topic, MAX_TITLE_IDEA_LENGTH - (template.length - '{t}'.length));
    return fitted ? [template.replace('{t}', fitted)] : [];
  });
}

/**
 * The offline template writer: candidate titles, best first, around the linked video's title
 * when there is one, then around the thumbnail's subject as a headline, then titles without a
 * topic, then numbered ones, so there are always enough to choose `TITLE_IDEAS_COUNT` from. A
 * topic is shortened at a word boundary to leave each pattern room; the caller checks each title.
 */
export function titleTemplates(request: TitleRequest): string[] {
  const numbered = Array.from({ length: TITLE_IDEAS_COUNT * 2 }, (_, n) => `Title Idea No. ${n + 1}`);
  return [
    ...aroundTopic(request.videoTitle?.trim() ?? ''),
    ...aroundTopic(headline(request.subject)),
    ...GENERIC_TITLES,
    ...numbered,
  ];
}
