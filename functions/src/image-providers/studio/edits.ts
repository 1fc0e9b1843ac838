import { quotedText } from '../../core/quoted-text';
import { type indexKeywords, matchSubjects, stem } from './keywords';
import { type Hsl, paletteAround, withHue } from './palette';
import { colourOf, hexOfText, MAX_SUBJECTS, type ScenePlan, sideAsked } from './scene';

/** What an edit request asks for, read from its words. */
export interface EditOps {
  /** Multipliers: 1 changes nothing. */
  brightness: number;
  saturation: number;
  textScale: number;
  subjectScale: number;
  zoom: number;
  grayscale: boolean;
  /** A colour for the scene, or `another` for any other than now. */
  colour?: Hsl | 'another';
  textColour?: Hsl;
  /** New text; null removes the text. */
  text?: string | null;
  /** Stemmed words of what to take away: subjects, `arrow`, `circle`. */
  remove: string[];
  /** Subjects' words to add, and decorations. */
  add: string[];
  arrow?: boolean;
  circle?: boolean;
  side?: 'left' | 'right' | 'other';
}

const has = (request: string, pattern: RegExp) => pattern.test(request);
const TEXT_WORDS = '(text|title|words|letters|font|caption)';
const BIGGER = '(bigger|larger|huge|bolder|increase|enlarge|more prominent)';
const SMALLER = '(smaller|tinier|shrink|decrease|less prominent)';
const REMOVE =
  /\b(?:remove|delete|erase|drop|hide|without|get rid of|take (?:out|away)|no more|no)\s+(?:the\s+|that\s+|this\s+|a\s+|an\s+|any\s+)?([a-z]+)/gi;
const ADD =
  /\b(?:add|include|put in|insert|with)\s+(?:a\s+|an\s+|the\s+|some\s+|more\s+)?([a-z]+(?: [a-z]+)?)/gi;

/** Reads an edit request into operations. */
export function parseEdit(request: string): EditOps {
  const lower = request.toLowerCase();
  const aboutText = has(lower, new RegExp(`\\b${TEXT_WORDS}\\b`));
  const textBigger = has(
    lower,
    new RegExp(`\\b${BIGGER}\\b[^.,;]*\\b${TEXT_WORDS}\\b|\\b${TEXT_WORDS}\\b[^.,;]*\\b${BIGGER}\\b`),
  );
  const textSmaller = has(
    lower,
    new RegExp(`\\b${SMALLER}\\b[^.,;]*\\b${TEXT_WORDS}\\b|\\b${TEXT_WORDS}\\b[^.,;]*\\b${SMALLER}\\b`),
  );
  const remove = [...lower.matchAll(REMOVE)].map((m) => stem(m[1] ?? ''));
  const colours = [...lower.matchAll(/[a-z]+/g)].map((m) => m[0]).filter((word) => colourOf(word));
  const ops: EditOps = {
    brightness: has(lower, /\b(brighter|brighten|lighter|lighten)\b/)
      ? 1.3
      : has(lower, /\b(darker|darken|dimmer|moodier)\b/)
        ? 0.7
        : 1,
    saturation: has(lower, /\b(more colou?rful|vibrant|saturated|pop|punchier)\b/)
      ? 1.5
      : has(lower, /\b(muted|desaturated?|washed out)\b/)
        ? 0.6
        : 1,
    grayscale: has(lower, /\b(black and white|black & white|grey ?scale|gray ?scale|monochrome)\b/),
    textScale: textBigger ? 1.3 : textSmaller ? 0.77 : 1,
    subjectScale:
      !textBigger && has(lower, new RegExp(`\\b${BIGGER}\\b`))
        ? 1.3
        : !textSmaller && has(lower, /\bsmaller\b/)
          ? 0.77
          : 1,
    zoom: has(lower, /\bzoom(ed)? out\b|\bwider\b/)
      ? 1 / 1.4
      : has(lower, /\bzoom|\bcloser\b|\bclose-?up\b/)
        ? 1.4
        : 1,
    remove: remove.filter((word) => !['text', 'title', 'word', 'letter', 'caption'].includes(word)),
    add: [...lower.matchAll(ADD)].map((m) => m[1] ?? '').filter((words) => !/^(the )?text|title/.test(words)),
  };
  const newText = quotedText(request);
  if (newText) ops.text = newText;
  else if (remove.some((word) => ['text', 'title', 'word', 'letter', 'caption'].includes(word)))
    ops.text = null;
  const colour = colours.map(colourOf).find(Boolean);
  if (colour && aboutText && !has(lower, /\bbackground\b/)) ops.textColour = colour;
  else if (colour && !ops.grayscale) ops.colour = colour;
  else if (has(lower, /\b(another|different|other|new) colou?r/)) ops.colour = 'another';
  if (has(lower, /\b(add|with|draw|put)\b[^.]*\barrows?\b|\bpoint(ing)? (at|to)\b/)) ops.arrow = true;
  if (has(lower, /\bcircle\b (the|it|him|her|them)\b|\b(add|with|draw|put)\b[^.]*\b(circle|ring)\b/))
    ops.circle = true;
  const side = sideAsked(request);
  if (side) ops.side = side;
  else if (has(lower, /\b(flip|mirror|swap sides|other side)\b/)) ops.side = 'other';
  return ops;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The scene with the edit applied: changes accumulate (brighter twice is brighter still), and
 * removing names a subject by its word or by any word its emoji is known by.
 */
export function applyEdit(plan: ScenePlan, ops: EditOps, index: ReturnType<typeof indexKeywords>): ScenePlan {
  const removedEmoji = new Set(
    ops.remove.flatMap((word) => matchSubjects(index, word).map((subject) => subject.emoji)),
  );
  const kept = plan.subjects.filter(
    (subject) => !ops.remove.includes(stem(subject.word)) && !removedEmoji.has(subject.emoji),
  );
  const added = ops.add
    .filter((words) => !/^(an? )?(arrows?|circles?|ring)$/.test(words))
    .flatMap((words) => matchSubjects(index, words))
    .filter((subject) => !kept.some((s) => s.emoji === subject.emoji))
    .map(({ word, emoji, codePoints }) => ({ word, emoji, codePoints }));
  const next: ScenePlan = {
    ...plan,
    subjects: [...kept, ...added].slice(0, MAX_SUBJECTS),
    textScale: clamp(plan.textScale * ops.textScale, 0.5, 2),
    subjectScale: clamp(plan.subjectScale * ops.subjectScale, 0.4, 1.6),
    zoom: clamp(plan.zoom * ops.zoom, 1, 3),
    arrow: ops.remove.includes('arrow') ? false : (ops.arrow ?? plan.arrow),
    circle:
      ops.remove.includes('circle') || ops.remove.includes('ring') ? false : (ops.circle ?? plan.circle),
    adjust: {
      brightness: clamp(plan.adjust.brightness * ops.brightness, 0.3, 2.5),
      saturation: clamp(plan.adjust.saturation * ops.saturation, 0, 3),
      hue: plan.adjust.hue,
      grayscale: plan.adjust.grayscale || ops.grayscale,
    },
  };
  if (ops.text === null) delete next.text;
  else if (ops.text) next.text = ops.text;
  if (ops.textColour) next.textColour = hexOfText(ops.textColour);
  if (ops.colour === 'another') next.palette = withHue(plan.palette, plan.palette.from.h + 120);
  else if (ops.colour) next.palette = paletteAround(ops.colour);
  if (ops.colour && plan.adjust.grayscale) next.adjust.grayscale = false;
  if (ops.side === 'other') next.side = plan.side === 'left' ? 'right' : 'left';
  else if (ops.side) next.side = ops.side;
  return next;
}
