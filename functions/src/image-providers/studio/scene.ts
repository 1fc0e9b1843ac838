import { quotedText } from '../../core/quoted-text';
import { focalSubject, type indexKeywords, matchSubjects, promptWords, type Subject } from './keywords';
import {
  COLOUR_WORDS,
  type Hsl,
  hex,
  MOOD_WORDS,
  type Palette,
  paletteAround,
  seededPalette,
  withHue,
} from './palette';

/** At most this many subjects are drawn: the focal one and two smaller beside it. */
export const MAX_SUBJECTS = 3;

/**
 * Everything the studio draws, as data: planned from a prompt, changed by edits, and kept in the
 * PNG it renders, so an edit re-renders the scene with the change instead of painting over pixels.
 */
export interface ScenePlan {
  /** The focal subject first. */
  subjects: Pick<Subject, 'word' | 'emoji' | 'codePoints'>[];
  palette: Palette;
  text?: string;
  textColour: string;
  /** The side the subject (or the people) stands on; text takes the other. */
  side: 'left' | 'right';
  arrow: boolean;
  circle: boolean;
  /** Text and subject sizes, relative to the defaults. */
  textScale: number;
  subjectScale: number;
  /** Zooms into the subject: 1 is the whole scene. */
  zoom: number;
  adjust: { brightness: number; saturation: number; hue: number; grayscale: boolean };
  /**
   * The text is drawn over the image afterwards as a layer, in LAYER_TEXT_AREA (the left part of
   * the frame): the scene keeps its subject and people to the right, clear of that area.
   */
  textLayer?: boolean;
}

/** What references contribute: their dominant colour and the side their subject is on. */
export interface ReferenceHints {
  colour?: Hsl;
  side?: 'left' | 'right';
}

/** Words that ask for decorations, or name colours and moods: never matched as subjects. */
const ARROW = /\b(arrows?|pointing|points? (at|to))\b/i;
const CIRCLE = /\b(circled?|circles?|ring|highlight(ed)?)\b/i;
const NOT_SUBJECTS = new Set([
  ...Object.keys(COLOUR_WORDS),
  ...Object.keys(MOOD_WORDS),
  'arrow',
  'pointing',
  'point',
  'circle',
  'circled',
  'ring',
  'highlight',
  'colour',
  'color',
  'colorful',
  'colourful',
]);
/** "yellow text", "red title": a colour for the text rather than the scene. */
const TEXT_COLOUR = /\b([a-z]+) (text|title|letters|words|font)\b/i;

/** The colour a word names, if it is a colour word. */
export const colourOf = (word: string): Hsl | undefined =>
  Object.hasOwn(COLOUR_WORDS, word) ? COLOUR_WORDS[word] : undefined;

/**
 * The scene's palette: a colour the prompt names (not the text's), else the references'
 * dominant colour, else one picked from the prompt; a mood word then sets its lightness and
 * saturation (and its hue, when nothing else named one).
 */
export function paletteFor(prompt: string, hints: ReferenceHints = {}): Palette {
  const words = promptWords(prompt);
  const textColourWord = prompt.match(TEXT_COLOUR)?.[1]?.toLowerCase();
  const named = words
    .filter((word) => word !== textColourWord)
    .map(colourOf)
    .find(Boolean);
  const mood = words
    .map((word) => (Object.hasOwn(MOOD_WORDS, word) ? MOOD_WORDS[word] : undefined))
    .find(Boolean);
  const base = named ?? hints.colour ?? { ...seededPalette(prompt).from, l: 42 };
  if (!mood) return named || hints.colour ? paletteAround(base) : seededPalette(prompt);
  return paletteAround({
    h: named || hints.colour || mood.h === undefined ? base.h : mood.h,
    s: mood.s,
    l: mood.l,
  });
}

/** The side the prompt puts its subject on ("on the left"), if it says. */
export function sideAsked(prompt: string): 'left' | 'right' | undefined {
  const match = prompt.match(/\b(on|to|at) the (left|right)\b/i);
  return match ? (match[2]?.toLowerCase() as 'left' | 'right') : undefined;
}

export const DEFAULT_ADJUST: ScenePlan['adjust'] = { brightness: 1, saturation: 1, hue: 0, grayscale: false };

/**
 * The scene a prompt asks for: its subjects matched to emoji through the keyword list (the
 * keyword list is emojilib's, handed in), its colours and mood, its quoted text, the arrows or
 * circles it asks for and which side the subject takes (as asked, else as in the references,
 * else the right, where thumbnails usually put it). With `textLayer` its text is drawn afterwards
 * as a layer: the scene draws none and leaves the layer's area to it (see `besideTextLayer`).
 */
export function planScene(
  prompt: string,
  index: ReturnType<typeof indexKeywords>,
  hints: ReferenceHints = {},
  variation = 0,
  textLayer = false,
): ScenePlan {
  const subjects = matchSubjects(index, prompt, NOT_SUBJECTS);
  const focal = focalSubject(subjects);
  const ordered = focal ? [focal, ...subjects.filter((s) => s !== focal)] : [];
  const textColour = colourOf(prompt.match(TEXT_COLOUR)?.[1]?.toLowerCase() ?? '');
  const text = quotedText(prompt);
  const plan: ScenePlan = {
    subjects: ordered
      .slice(0, MAX_SUBJECTS)
      .map(({ word, emoji, codePoints }) => ({ word, emoji, codePoints })),
    palette: paletteFor(prompt, hints),
    ...(text ? { text } : {}),
    textColour: textColour ? hexOfText(textColour) : '#ffffff',
    side: sideAsked(prompt) ?? hints.side ?? 'right',
    arrow: ARROW.test(prompt),
    circle: CIRCLE.test(prompt),
    textScale: 1,
    subjectScale: 1,
    zoom: 1,
    adjust: { ...DEFAULT_ADJUST },
  };
  return varyScene(textLayer ? besideTextLayer(plan) : plan, variation, {
    side: !textLayer && !sideAsked(prompt) && !hints.side,
    hue:
      !hints.colour && !promptWords(prompt).some((word) => colourOf(word) || Object.hasOwn(MOOD_WORDS, word)),
  });
}

/**
 * A scene whose text is drawn afterwards as a layer, in LAYER_TEXT_AREA on the left: no text of
 * its own, and its subject on the right, whatever the prompt or the references said.
 */
export const besideTextLayer = (plan: ScenePlan): ScenePlan => {
  const { text: _text, ...rest } = plan;
  return { ...rest, side: 'right', textLayer: true };
};

/**
 * How each of a request's variations differs from the first (index 0, the scene as asked): its
 * subject on the other side, its palette turned round the colour wheel, its subject and text
 * sized otherwise, a touch lighter or darker. The same index always gives the same scene.
 */
const VARIATIONS = [
  { flip: false, hueTurn: 0, subjectScale: 1, textScale: 1, brightness: 1 },
  { flip: true, hueTurn: 150, subjectScale: 0.8, textScale: 1.15, brightness: 1.08 },
  { flip: false, hueTurn: 220, subjectScale: 1.2, textScale: 0.85, brightness: 0.92 },
  { flip: true, hueTurn: 80, subjectScale: 1.1, textScale: 1, brightness: 1.04 },
] as const;

/**
 * Variation `variation` of a scene; only what the request left open changes: the side unless
 * `free.side` is false (the prompt or a reference put the subject somewhere), the hue unless
 * `free.hue` is false (a colour or mood was asked for, or an edit keeps the image's colours).
 */
export function varyScene(
  plan: ScenePlan,
  variation: number,
  free: { side: boolean; hue: boolean },
): ScenePlan {
  if (variation === 0) return plan;
  const turn = VARIATIONS[variation % VARIATIONS.length] ?? VARIATIONS[0];
  const flip = free.side && turn.flip;
  return {
    ...plan,
    side: flip ? (plan.side === 'left' ? 'right' : 'left') : plan.side,
    palette: free.hue ? withHue(plan.palette, plan.palette.from.h + turn.hueTurn) : plan.palette,
    subjectScale: plan.subjectScale * turn.subjectScale,
    textScale: plan.textScale * turn.textScale,
    adjust: { ...plan.adjust, brightness: plan.adjust.brightness * turn.brightness },
  };
}

/** Text colours are kept light enough to read over the outline and shadow. */
export const hexOfText = (colour: Hsl): string => {
  const l = Math.max(colour.l, 55);
  return hex({ ...colour, l });
};
