/**
 * The provider boundary of the generation worker. Everything here is free of
 * Node-only APIs (bytes are Uint8Array), so it could run in a browser later.
 */
import type { ProviderId } from '@thumbnail-studio/contract';

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
  | { type: 'image'; image: ImageData; model: string }
  /** `content` is the user-facing text of the contract's provider texts, shown as the assistant's message. */
  | { type: 'error'; content: string };

/** A selected person ("person model"): their name and photos, the primary (face) photo first. */
export interface Person {
  name: string;
  /** Already fetched; may be empty when none of the photos could be read. */
  photos: ImageData[];
}

export interface GenerateInput {
  /** The user's request as typed. */
  prompt: string;
  /** Reference images (uploads, video thumbnails, context images), already fetched. */
  references: ImageData[];
  /** The selected people, to be featured prominently and recognisably. */
  people: Person[];
}

export interface EditInput {
  prompt: string;
  /** Source images to edit (from the history, newest last). */
  images: ImageData[];
  people: Person[];
}

export interface ImageProvider {
  id: ProviderId;
  /** Answers the classifier's one word; may throw, which the caller treats as NEW_IMAGE. */
  classify(history: ChatTurn[], message: string): Promise<string>;
  generate(input: GenerateInput): Promise<GenerationResult>;
  edit(input: EditInput): Promise<GenerationResult>;
}
