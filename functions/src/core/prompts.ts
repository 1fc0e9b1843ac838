/**
 * Prompt builders for the image providers: 16:9, no added text unless asked,
 * the request followed exactly, selected people featured prominently. Pure
 * text in, text out, so every provider sends the same instructions.
 */

/** The text safe zone: 10% margins, bold sans-serif of at least 120 pt, legible at feed size. */
export const SAFE_ZONE_RULES =
  'If the image contains any text, keep all of it inside the text safe zone: a margin of at least 10% on every ' +
  'edge (on a 1536x1024 canvas that is an inner area of 1229x819, with margins of 154 px at the sides and ' +
  '102 px at the top and bottom; scale the margins to the actual canvas). Text is bold sans-serif, at least ' +
  '120 pt, and legible when the thumbnail is shown at 200x112 px. Keep one focal point and high contrast.';

const FORMAT_RULES =
  'The image is a YouTube thumbnail in 16:9 widescreen format. Do not add any text to the image unless the ' +
  'request asks for it.';

/** Joins names as "Ada", "Ada and Bob", "Ada, Bob and Cy". */
export function listNames(names: string[]): string {
  const clean = names.map((name) => name.trim()).filter((name) => name.length > 0);
  if (clean.length <= 1) return clean.join('');
  return `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)}`;
}

export interface GenerationPromptInput {
  /** The user's request as typed. */
  request: string;
  /** Names of the selected person models, whose photos ride along. */
  peopleNames: string[];
  /** How many reference images (uploads, video thumbnails, context) ride along. */
  referenceCount: number;
}

/**
 * The instruction for a new thumbnail: 16:9, no added text unless asked,
 * the request followed exactly, selected people featured prominently, and
 * the text safe zone.
 */
export function buildGenerationPrompt({
  request,
  peopleNames,
  referenceCount,
}: GenerationPromptInput): string {
  const lines = [
    `Create a YouTube thumbnail for this request, following it exactly: ${request.trim()}`,
    FORMAT_RULES,
  ];
  if (referenceCount > 0) {
    lines.push(
      referenceCount === 1
        ? 'Use the supplied reference image as the visual reference for the thumbnail.'
        : `Use the ${referenceCount} supplied reference images as the visual reference for the thumbnail.`,
    );
  }
  const people = peopleNote(peopleNames);
  if (people) lines.push(people);
  lines.push(SAFE_ZONE_RULES);
  return lines.join('\n');
}

export interface EditPromptInput {
  request: string;
  peopleNames: string[];
  /** How many source images are sent; the last one is the image being edited. */
  imageCount: number;
}

/**
 * The instruction for an edit. When people are supplied, it asks that these
 * specific people appear and are prominently featured.
 */
export function buildEditPrompt({ request, peopleNames, imageCount }: EditPromptInput): string {
  const lines = [
    `Edit the thumbnail as requested, following the request exactly: ${request.trim()}`,
    'Keep everything the request does not mention as it is.',
  ];
  if (imageCount > 1) {
    lines.push(
      `${imageCount} source images are supplied first: edit the last of them and use the others as reference.`,
    );
  }
  lines.push(FORMAT_RULES);
  const people = peopleNote(peopleNames);
  if (people) lines.push(people);
  lines.push(SAFE_ZONE_RULES);
  return lines.join('\n');
}

/** The selected-people note: these specific people appear and are prominently featured. */
export function peopleNote(peopleNames: string[]): string | undefined {
  const names = listNames(peopleNames);
  if (!names) return undefined;
  return (
    `These specific people must appear in the thumbnail and be prominently featured: ${names}. ` +
    'Their photos are supplied after the other images; keep their faces recognisable.'
  );
}
