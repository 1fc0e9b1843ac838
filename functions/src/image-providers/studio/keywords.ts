import type { EmojiKeywords } from './assets';

/** Words that name nothing to draw. */
const STOP_WORDS = new Set(
  `a an the and or but of in on at to for with without from by into onto over under about as is are
  was were be been being it its this that these those there here my your our their his her me us
  them i you he she we they make made create show showing shows put add give get let please
  thumbnail thumbnails image images picture pictures photo photos video youtube title text big
  bigger large larger small smaller huge giant bold style background foreground left right side
  top bottom middle center centre front behind next new some very really just like look looks
  looking saying says say words letters one two three`.split(/\s+/),
);

/** Emoji names that match everything vaguely ("face", "sign") are never a subject on their own. */
const GENERIC_KEYWORDS = new Set(['face', 'sign', 'symbol', 'word', 'object', 'person', 'human', 'nature']);

export interface Subject {
  /** The prompt's word (or two words) it was found by. */
  word: string;
  emoji: string;
  /** Twemoji's file name: the code points in hex, joined by `-`. */
  codePoints: string;
  /** Higher is a closer match; only compared between matches. */
  score: number;
}

/** Lower-case words of the prompt, quoted text left out (that is the thumbnail's text). */
export const promptWords = (prompt: string): string[] =>
  prompt
    .replace(/"[^"]*"|“[^”]*”|«[^»]*»/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/'s$|'/g, ''))
    .filter(Boolean);

/** A word's singular, stem-like form: cats → cat, puppies → puppy, boxes → box, glasses → glass. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Twemoji's file name for an emoji: its code points, without the variation selector unless joined. */
export function codePointsOf(emoji: string): string {
  const text = emoji.includes('\u200d') ? emoji : emoji.replace(/\ufe0f/g, '');
  return [...text].map((c) => (c.codePointAt(0) ?? 0).toString(16)).join('-');
}

interface Entry {
  emoji: string;
  /** The name as emojilib writes it, lower-case: "house", "houses". */
  rawName: string;
  name: string;
  nameParts: string[];
  keywords: Set<string>;
}

/** emojilib's list indexed for matching: each keyword and name in stemmed form. */
export function indexKeywords(data: EmojiKeywords): Entry[] {
  return Object.entries(data).map(([emoji, words]) => {
    const name = (words[0] ?? '').toLowerCase();
    return {
      emoji,
      rawName: name.replace(/\s+/g, '_'),
      name: name
        .split(/[_\s]+/)
        .map(stem)
        .join('_'),
      nameParts: name.split(/[_\s]+/).map(stem),
      keywords: new Set(
        words.slice(1).map((word) =>
          word
            .toLowerCase()
            .split(/[_\s]+/)
            .map(stem)
            .join('_'),
        ),
      ),
    };
  });
}

/**
 * How well an emoji fits a (stemmed) term: its name exactly (🐈 "cat") beats a name that starts
 * with the term (🐱 "cat_face"), which beats a keyword (🚗 lists "car"), which beats a name that
 * ends with it (🚃 "railway_car" is a kind of car the prompt did not ask for); fewer name parts
 * and fewer keywords are more specific.
 */
function scoreOf(entry: Entry, term: string, raw: string): number {
  // "house" is 🏠 rather than 🏘️ "houses", though both stem to the term.
  if (entry.name === term) return entry.rawName === raw ? 1001 : 1000;
  if (entry.nameParts[0] === term) return 600 - entry.nameParts.length * 20;
  if (entry.keywords.has(term)) return 300 - Math.min(entry.keywords.size, 50);
  if (entry.nameParts.includes(term)) return 200 - entry.nameParts.length * 20;
  return 0;
}

/** The best emoji for one term, or undefined. */
function bestFor(index: Entry[], term: string, raw: string): { entry: Entry; score: number } | undefined {
  let best: { entry: Entry; score: number } | undefined;
  for (const entry of index) {
    const score = scoreOf(entry, term, raw);
    if (score > (best?.score ?? 0)) best = { entry, score };
  }
  return best;
}

/**
 * The subjects the prompt names, in the prompt's order, each matched to an emoji through
 * emojilib's keywords. Two adjacent words that name one emoji ("hot dog") win over each word
 * alone; stop words and the words in `skip` (colours, moods, arrows...) never match; one emoji
 * appears once.
 */
export function matchSubjects(
  index: Entry[],
  prompt: string,
  skip: ReadonlySet<string> = new Set(),
): Subject[] {
  const raws = promptWords(prompt);
  const words = raws.map(stem);
  const subjects: Subject[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    if (next && !STOP_WORDS.has(word) && !skip.has(word)) {
      const pair = bestFor(index, `${word}_${next}`, `${raws[i]}_${raws[i + 1]}`);
      if (pair && pair.score >= 600) {
        subjects.push(subjectOf(`${word} ${next}`, pair.entry, pair.score + 500));
        i++;
        continue;
      }
    }
    const raw = raws[i] ?? '';
    const ignored = [word, raw].some((w) => STOP_WORDS.has(w) || skip.has(w) || GENERIC_KEYWORDS.has(w));
    if (word.length < 3 || !/\p{L}/u.test(word) || ignored) continue;
    const match = bestFor(index, word, raw);
    if (match) subjects.push(subjectOf(word, match.entry, match.score));
  }
  return subjects.filter((subject, i) => subjects.findIndex((s) => s.emoji === subject.emoji) === i);
}

const subjectOf = (word: string, entry: Entry, score: number): Subject => ({
  word,
  emoji: entry.emoji,
  codePoints: codePointsOf(entry.emoji),
  score,
});

/** The focal subject: the closest match, the earliest on a tie. */
export const focalSubject = (subjects: Subject[]): Subject | undefined =>
  subjects.reduce<Subject | undefined>((best, s) => (best && best.score >= s.score ? best : s), undefined);
