/**
 * The provider boundary, the same for the generation worker and the browser: free of
 * Node-only APIs (bytes are Uint8Array).
 */
import type { PixelBox, ProviderId } from '@thumbnail-studio/contract';
import type { ProviderLog } from './log';
import type { RetryPolicy } from './retrying-fetch';

export type { ProviderId };

export interface ImageData {
  bytes: Uint8Array;
  mimeType: string;
}

/** One turn of the conversation, as context for the classifier. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
  hasImages: boolean;
}

export type Classification = 'IMAGE_EDIT' | 'NEW_IMAGE';

export type GenerationResult =
  /**
   * `placedAt`: the image is not the whole picture but the answer for this part of the edited
   * image (a region edit's crop), to be scaled into that box.
   */
  | { type: 'image'; image: ImageData; model: string; placedAt?: PixelBox }
  /**
   * `content` is the user-facing text of the contract's provider texts, shown as the assistant's
   * message. `retryAfterMs`: the provider refused for its rate limit and asked to be called again
   * no sooner than this, longer than the call could wait.
   */
  | { type: 'error'; content: string; retryAfterMs?: number };

/** A selected person ("person model"): their name and photos, the primary (face) photo first. */
export interface Person {
  name: string;
  /** Already fetched; may be empty when none of the photos could be read. */
  photos: ImageData[];
}

/** Ends the call early: the provider stops waiting, retrying and backing off once it aborts. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** A picture the provider sent of its image while drawing it: the `index`-th (from 0). */
export interface PartialImage {
  image: ImageData;
  index: number;
}

/**
 * Hears each partial picture as it arrives, from a provider that streams them (absent: none are
 * asked for). Called without waiting: the caller keeps up on its own.
 */
export interface PartialOption {
  onPartial?: ((partial: PartialImage) => void) | undefined;
}

/** Which of a request's variations a call makes (0 for the first); a provider may ignore it. */
export interface VariationOption {
  variation?: number;
}

/**
 * The request's quoted text, drawn afterwards over the image as an editable layer: the provider
 * is asked for the picture without any text, leaving room for it (see `textLayerLines`).
 */
export interface TextLayerRequest {
  text: string;
}

/** Absent: the provider draws any text the request asks for. */
export interface TextLayerOption {
  textLayer?: TextLayerRequest | undefined;
}

export interface GenerateInput extends CallOptions, VariationOption, TextLayerOption, PartialOption {
  /** The user's request as typed. */
  prompt: string;
  /** Reference images (uploads, video thumbnails, context images), already fetched. */
  references: ImageData[];
  /** The selected people, to be featured prominently and recognisably. */
  people: Person[];
}

/**
 * A region edit of `images[0]`: only the painted area may change. The caller (the worker, or the
 * browser with an own key) prepares each form a provider may send, and afterwards puts the answer
 * back over the original through the painted area alone, whatever the provider drew elsewhere.
 */
export interface RegionRequest {
  /** The painted area: a PNG the size of `images[0]`, opaque where painted, transparent elsewhere. */
  mask: ImageData;
  /**
   * The same area as OpenAI's image edit reads a mask: a PNG the size of `images[0]`,
   * transparent where to change and opaque elsewhere.
   */
  editMask: ImageData;
  /**
   * For a provider that edits a crop (Gemini): the painted area's bounding box with a margin
   * (regionCropBox), in `images[0]`'s pixels, and that part of the image cut out as a PNG. Its
   * answer carries `placedAt: box`.
   */
  crop: { box: PixelBox; image: ImageData };
}

export interface EditInput extends CallOptions, VariationOption, TextLayerOption, PartialOption {
  prompt: string;
  /** Source images to edit (from the history, newest last; a region edit's image first). */
  images: ImageData[];
  people: Person[];
  /** Absent: the whole image may change. */
  region?: RegionRequest | undefined;
}

/** What title ideas are written from (see `titleIdeasMessage`). */
export interface TitleRequest {
  /** What the thumbnail shows: its prompt, without the text on it or video links. */
  subject: string;
  /** The text on the thumbnail, which no title may repeat; empty when it has none. */
  thumbnailText: string[];
  /** The linked video's own title, the starting point; absent when there is none. */
  videoTitle?: string | undefined;
}

export interface ImageProvider {
  id: ProviderId;
  /**
   * Answers the classifier's one word, in one short attempt; may throw (also when
   * `signal` aborts), which the caller treats as NEW_IMAGE.
   */
  classify(history: ChatTurn[], message: string, options?: CallOptions): Promise<string>;
  /**
   * Writes title ideas with the classifier's text model, in one short attempt: its raw answer,
   * one title a line, which the caller cleans. May throw (also when `signal` aborts).
   */
  writeTitles(request: TitleRequest, options?: CallOptions): Promise<string>;
  generate(input: GenerateInput): Promise<GenerationResult>;
  edit(input: EditInput): Promise<GenerationResult>;
}

/** What a provider is made with, beside its API's address (named as its SDK names it). */
export interface ProviderOptions {
  apiKey: string | undefined;
  /** Hears of retries and failures; users only ever see the contract's provider texts. */
  log: ProviderLog;
  /**
   * The key is the creator's own, set in their browser: a missing or refused key's text points
   * to the settings where it is added, not to a server setting.
   */
  ownKey?: boolean;
  imageModel: string;
  classifierModel: string;
  retry: RetryPolicy;
  /** The classifier's own policy: one short attempt. */
  classifierRetry: RetryPolicy;
}
