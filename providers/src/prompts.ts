/**
 * Prompt builders for the image providers: 16:9, no added text unless asked,
 * the request followed exactly, selected people featured prominently and
 * recognisably. Pure text in, text out, so every provider sends the same
 * instructions.
 *
 * Attached images are numbered from 1 in the order they are sent. When people
 * are selected, the instruction opens with who they are and which images show
 * them, so the face comes from their photos; other images only lend
 * composition and style, unless one is the image being edited.
 *
 * When the request's quoted text is drawn afterwards as a layer (`textLayer`),
 * the instruction asks for the picture without any text and leaves the area the
 * layer goes in calm, with the main subject elsewhere; the quoted words are sent
 * only as the topic, never as words to write.
 */
import { LAYER_TEXT_AREA } from '@thumbnail-studio/contract';
import { replaceQuotedText } from './quoted-text';
import type { TextLayerRequest } from './types';

/** The text safe zone: 10% margins, bold sans-serif of at least 120 pt, legible at feed size. */
export const SAFE_ZONE_RULES =
  'If the image contains any text, keep all of it inside the text safe zone: a margin of at least 10% on every ' +
  'edge (on a 1536x1024 canvas that is an inner area of 1229x819, with margins of 154 px at the sides and ' +
  '102 px at the top and bottom; scale the margins to the actual canvas). Text is bold sans-serif, at least ' +
  '120 pt, and legible when the thumbnail is shown at 200x112 px. Keep one focal point and high contrast.';

const FORMAT = 'The image is a YouTube thumbnail in 16:9 widescreen format.';
const FORMAT_RULES = `${FORMAT} Do not add any text to the image unless the request asks for it.`;

/** An edit with a text layer takes out the text the image had: the layer holds the words now. */
const REMOVE_TEXT = 'Remove any text the thumbnail already has.';

/** What stands in the request for its quoted words when they are drawn as a layer. */
export const TITLE_STAND_IN = '[TITLE]';

/** The picture has no text at all: the layer's words are the only ones on the thumbnail. */
export const NO_TEXT_RULE =
  'Draw the image without any text, letters, numbers, captions, logos or watermarks: no writing on signs, ' +
  'screens, clothing or packaging either, and none taken from the attached images.';

/** Where the layer goes stays calm, and the subject stays out of it. */
export const TEXT_AREA_RULES =
  `Leave ${LAYER_TEXT_AREA.words} of the frame, inside a margin of at least 10% on every edge, calm and ` +
  'uncluttered for the title: a simple background with no faces, people, objects or busy detail there. ' +
  `Keep the main subject out of ${LAYER_TEXT_AREA.words}, large and clear in the rest of the frame. ` +
  'Keep one focal point and high contrast.';

/** The request as sent: with a text layer, its quoted words give way to the stand-in. */
const requestText = (request: string, textLayer: TextLayerRequest | undefined) =>
  textLayer ? replaceQuotedText(request.trim(), TITLE_STAND_IN) : request.trim();

/**
 * What the instruction says of a title drawn as a layer: what the stand-in means, with the words
 * only as the topic (after the request), and that the image has no text and leaves room for it
 * (last, in place of the text safe zone).
 */
export function textLayerLines(textLayer: TextLayerRequest): { title: string; rules: string[] } {
  return {
    title:
      `${TITLE_STAND_IN} is the thumbnail's title, set over the finished image afterwards as a separate ` +
      `layer: never write it. Its words, only to tell the topic: ${textLayer.text.trim()}`,
    rules: [NO_TEXT_RULE, TEXT_AREA_RULES],
  };
}

const NUMBERING = 'The attached images are numbered from 1 in the order they are attached.';

/** Joins names as "Ada", "Ada and Bob", "Ada, Bob and Cy". */
export function listNames(names: string[]): string {
  const clean = names.map((name) => name.trim()).filter((name) => name.length > 0);
  if (clean.length <= 1) return clean.join('');
  return `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)}`;
}

/**
 * Names attached images by number: "Image 3", "Images 1–2", "Images 2 and 4",
 * "Images 1–3 and 5". Consecutive numbers become a range.
 */
export function imageLabel(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const current = sorted[i] as number;
    const next = sorted[i + 1];
    if (next === current + 1) continue;
    runs.push(start === current ? `${current}` : `${start}–${current}`);
    start = next;
  }
  return `${sorted.length === 1 ? 'Image' : 'Images'} ${listNames(runs)}`;
}

/** The numbers 1 to `count`, as attached images are numbered. */
const firstImages = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A selected person as the instruction names them. */
export interface PromptPerson {
  name: string;
  /** Positions (from 1) of the attached images that show this person; empty when none could be sent. */
  imageNumbers: number[];
}

/** A person's name as written in the instruction; a blank name becomes "Person N". */
const displayName = (person: PromptPerson, index: number) => person.name.trim() || `Person ${index + 1}`;

/** Who one person is and which images show them, with the rule that their face is kept exactly. */
function identityLine(person: PromptPerson, index: number): string {
  const name = displayName(person, index);
  if (person.imageNumbers.length === 0)
    return `${name} has no attached photo; show ${name} as the request describes.`;
  const verb = person.imageNumbers.length === 1 ? 'shows' : 'show';
  return (
    `${imageLabel(person.imageNumbers)} ${verb} ${name}: keep ${name}'s exact face and likeness (face shape, ` +
    `eyes, nose, mouth, skin tone and hair), so ${name} is instantly recognisable; do not idealise, age, ` +
    "restyle or blend the face with anyone else's. Pose, expression and clothing may follow the request."
  );
}

/**
 * The identity block that opens an instruction with people: the numbering,
 * each person and their photos, then that they must appear prominently.
 */
function identityLines(people: PromptPerson[]): string[] {
  if (people.length === 0) return [];
  const note = peopleNote(people.map(displayName));
  return [
    NUMBERING,
    ...people.map(identityLine),
    ...(note
      ? [
          `${note} Show ${people.length === 1 ? 'the' : 'each'} face large, sharp and well lit, so it reads at a glance.`,
        ]
      : []),
  ];
}

export interface GenerationPromptInput {
  /** The user's request as typed. */
  request: string;
  /** The selected people, in the order they were chosen, with the numbers of their attached photos. */
  people: PromptPerson[];
  /** How many reference images (uploads, video thumbnails, earlier images) are sent; they are attached first. */
  referenceCount: number;
  /** Which of the request's variations this call makes (0, the first, has no variation note). */
  variation?: number | undefined;
  /** The quoted text, drawn afterwards as a layer: the image is asked for without any text. */
  textLayer?: TextLayerRequest | undefined;
}

/**
 * The instruction for a new thumbnail: the people first (who they are and
 * which images show them), then the request, to be followed exactly, in
 * 16:9 with no added text unless asked, the references, and the text safe
 * zone. With people, references lend composition and style only. With a text
 * layer: no text at all, and room for the layer in place of the safe zone.
 */
export function buildGenerationPrompt({
  request,
  people,
  referenceCount,
  variation,
  textLayer,
}: GenerationPromptInput): string {
  const layer = textLayer && textLayerLines(textLayer);
  const lines = [
    ...identityLines(people),
    `Create a YouTube thumbnail for this request, following it exactly: ${requestText(request, textLayer)}`,
    ...(layer ? [layer.title, FORMAT] : [FORMAT_RULES]),
  ];
  if (referenceCount > 0) {
    const one = referenceCount === 1;
    const which = one ? 'the supplied reference image' : `the ${referenceCount} supplied reference images`;
    const label = imageLabel(firstImages(referenceCount));
    lines.push(
      people.length > 0
        ? `Use ${which} as a guide to composition and style only (${label}): layout, colours, lighting and ` +
            `mood. Take no face from ${one ? 'it' : 'them'}: faces come only from the people's photos.`
        : `Use ${which} as the visual reference for the thumbnail (${label}).`,
    );
  }
  lines.push(...variationLines(variation, NEW_IMAGE_TAKES), ...(layer ? layer.rules : [SAFE_ZONE_RULES]));
  return lines.join('\n');
}

/** How a new image's later variations differ from the first: each names another composition. */
const NEW_IMAGE_TAKES = [
  'put the main subject on the opposite side of the frame and show it from another angle',
  'make it a close-up, with the main subject large and centred, in a different colour scheme',
  'make it a wide shot, with the main subject smaller against a bold, contrasting background',
];

/** How an edit's later variations differ from the first: another take on the same change. */
const EDIT_TAKES = [
  'make the change bolder and more striking',
  'make the change subtler, keeping even closer to the original',
  'make the change with different details than an obvious first attempt would',
];

/**
 * The note that makes a later variation of a request a different picture: variation 0 has none,
 * each later one names its own take, so every variation is asked for something else.
 */
export function variationLines(variation: number | undefined, takes: string[]): string[] {
  if (!variation || variation < 1) return [];
  const take = takes[(variation - 1) % takes.length];
  return [
    `This is variation ${variation + 1} of the same request and must look clearly different from the others: ` +
      `${take}, while still following the request exactly.`,
  ];
}

export interface EditPromptInput {
  request: string;
  /** The selected people, with the numbers of their attached photos (sent after the source images). */
  people: PromptPerson[];
  /** How many source images are sent first; the last of them is the image being edited. */
  imageCount: number;
  /** Which of the request's variations this call makes (0, the first, has no variation note). */
  variation?: number | undefined;
  /** The quoted text, drawn afterwards as a layer: the edited image is asked for without any text. */
  textLayer?: TextLayerRequest | undefined;
}

/**
 * The instruction for an edit: the people first, then the request, to be
 * followed exactly, keeping the rest. The last source image is the one
 * edited (faces already in it stay theirs); the others lend composition and
 * style. When people are supplied, these specific people must appear and be
 * prominently featured. With a text layer, the edited image has no text at all
 * (any it had is removed) and leaves room for the layer.
 */
export function buildEditPrompt({
  request,
  people,
  imageCount,
  variation,
  textLayer,
}: EditPromptInput): string {
  const layer = textLayer && textLayerLines(textLayer);
  const lines = [
    ...identityLines(people),
    `Edit the thumbnail as requested, following the request exactly: ${requestText(request, textLayer)}`,
    ...(layer ? [layer.title] : []),
    'Keep everything the request does not mention as it is.',
  ];
  if (imageCount > 0) {
    const edited = imageLabel([imageCount]);
    const keepFaces = people.length > 0 ? ' Anyone already in it keeps their face.' : '';
    if (imageCount === 1) lines.push(`${edited} is the thumbnail to edit.${keepFaces}`);
    else {
      const others = imageLabel(firstImages(imageCount - 1));
      const use =
        people.length > 0
          ? 'as reference for composition and style only, taking no face from them'
          : 'as reference';
      lines.push(
        `${imageCount} source images are supplied first: edit the last of them (${edited}) and use the others ` +
          `(${others}) ${use}.${keepFaces}`,
      );
    }
  }
  lines.push(
    ...variationLines(variation, EDIT_TAKES),
    ...(layer ? [FORMAT, ...layer.rules, REMOVE_TEXT] : [FORMAT_RULES, SAFE_ZONE_RULES]),
  );
  return lines.join('\n');
}

/** The selected-people note: these specific people appear and are prominently featured. */
export function peopleNote(peopleNames: string[]): string | undefined {
  const names = listNames(peopleNames);
  if (!names) return undefined;
  return `These specific people must appear in the thumbnail and be prominently featured: ${names}.`;
}

/**
 * How a region edit reaches the provider: `mask`, the whole image with a mask whose transparent
 * part is the area to change; `crop`, only the cut-out around that area, to be put back into the
 * larger picture afterwards.
 */
export type RegionForm = 'mask' | 'crop';

/** What a region edit may touch, as each form is sent. */
export const REGION_RULES: Record<RegionForm, string> = {
  mask:
    'Change only the masked area of Image 1 (the transparent part of the mask). Everything outside the ' +
    'masked area must stay exactly as it is: the same composition, people, faces, colours, lighting and ' +
    'any text, pixel for pixel.',
  crop:
    'Image 1 is a crop of a larger picture, cut out around the area to change. Make the change there only ' +
    'and keep everything else in the crop exactly as it is, with the same framing, scale, perspective, ' +
    'lighting and colours, so it fits back into the picture around it without a seam.',
};

export interface RegionEditPromptInput extends Omit<EditPromptInput, 'textLayer'> {
  /** How the area is sent: its image is Image 1, the other source images follow it. */
  form: RegionForm;
  /** Text drawn afterwards as a layer: the area gets no text of its own. */
  textLayer?: TextLayerRequest | undefined;
}

/**
 * The instruction for a region edit: the people first, then the request, to be followed
 * exactly inside the area only, with everything else kept as it is. Image 1 is the image (or
 * the crop) being edited; any other source images lend composition and style.
 */
export function buildRegionEditPrompt({
  request,
  people,
  imageCount,
  variation,
  textLayer,
  form,
}: RegionEditPromptInput): string {
  const edited = form === 'crop' ? 'the crop to edit' : 'the thumbnail to edit';
  const keepFaces = people.length > 0 ? ' Anyone already in it keeps their face.' : '';
  const lines = [
    ...identityLines(people),
    `Edit one area of the thumbnail, following the request exactly: ${requestText(request, textLayer)}`,
    REGION_RULES[form],
  ];
  if (imageCount > 1) {
    const use =
      people.length > 0
        ? 'as reference for composition and style only, taking no face from them'
        : 'as reference';
    lines.push(
      `Image 1 is ${edited}; use ${imageLabel(firstImages(imageCount).slice(1))} ${use}.${keepFaces}`,
    );
  } else lines.push(`Image 1 is ${edited}.${keepFaces}`);
  lines.push(
    ...variationLines(variation, EDIT_TAKES),
    textLayer ? NO_TEXT_RULE : 'Do not add any text unless the request asks for it.',
  );
  return lines.join('\n');
}
