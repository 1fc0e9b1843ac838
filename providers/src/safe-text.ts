/**
 * A prompt may hold anything a keyboard, a paste or a script can produce. These
 * make it safe for where it goes, so no character can fail a job.
 */

/** Half of a surrogate pair with no other half, e.g. an emoji cut in two. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Control characters (C0 but tab and line breaks, DEL, C1) and the two
 * non-characters XML refuses: none of them draws anything.
 */
const UNDRAWABLE = /(?![\t\n\r])[\p{Cc}\uFFFE\uFFFF]/gu;

/**
 * Well-formed Unicode, as JSON APIs accept it: a lone surrogate becomes the
 * replacement character, everything else is kept.
 */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * Text to draw in an SVG: well-formed, without characters XML forbids or that
 * draw nothing. Still to be escaped where it is written into markup.
 */
export const drawableText = (text: string): string => wellFormed(text).replace(UNDRAWABLE, '');

/** The five characters with a meaning in XML, as entities. */
export const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
