import type {
  LayerBox,
  Legibility,
  Likeness,
  Message,
  TextLayer,
  TextMode,
} from '@thumbnail-studio/contract';

export type { Conversation, Message, MessageRole, MessageStatus } from '@thumbnail-studio/contract';

/** The S3 keys of a generated image's sizes, and its text layers. */
export interface ImageKeys {
  /**
   * The finished picture, opened full size: the provider's original PNG, or, on an image with text
   * layers, the layers drawn over it (the composite). Every size and download is made from it.
   */
  original: string;
  /**
   * On an image with text layers: its picture without them (the provider's original, or the base
   * of the image its text was edited from), which the layers are drawn over again when edited.
   * Absent where the image is its own base.
   */
  base?: string;
  /** The text drawn over `base` to make `original`, in the 1280x720 frame. Absent: none. */
  text_layers?: TextLayer[];
  /**
   * A logo layer drawn over `base` under the text: the image's own copy of the logo's picture (a
   * PNG, kept while the image is, whatever its brand kit becomes) and its box in the
   * 1280x720 frame. Absent: none.
   */
  logo?: { key: string; box: LayerBox };
  /**
   * 1280x720 lossless PNG: the download named by the prompt with `_generated.png`. Made from the
   * original on first download (older images had it from the start).
   */
  export: string;
  /** 1280x720 JPEG at most 600 KB: the recommended, YouTube-ready download, made like `export`. Absent on older images. */
  youtube?: string;
  /**
   * What the chat falls back to where no WebP preview fits: the original itself (no browser that
   * runs the app lacks WebP, so no job encodes a file for it); on older images a 960x540 JPEG,
   * the YouTube JPEG or a 640x360 one.
   */
  preview: string;
  /** WebP previews of the 1280x720 frame, narrowest first, for `srcset`. Absent on older images. */
  previews?: { width: number; key: string }[];
}

/**
 * A message as DynamoDB holds it: image fields are S3 keys (signed into URLs
 * when read), plus the job bookkeeping of a pending assistant message.
 */
export interface StoredMessage
  extends Omit<
    Message,
    | 'image_url'
    | 'image_sources'
    | 'full_image_url'
    | 'downloads'
    | 'legibility'
    | 'likeness'
    | 'share_token'
    | 'images'
    | 'edit_from'
    | 'mask_url'
  > {
  image_url: null;
  /** Written once the image's text has been read back, after the job settled; null when that failed. */
  legibility?: Legibility | null;
  /** Written by the face check after the job settled, before `legibility`. */
  likeness?: Likeness;
  /** The first image (the one `image_url` shows). */
  image_keys?: ImageKeys;
  /** On an answer with more than one image: every image kept, in order, the first being `image_keys`. */
  variation_keys?: ImageKeys[];
  /** On a job: how many variations it reserved a credit for (absent: 1). */
  variations?: number;
  /**
   * On a job: how its request's quoted text is made, as the send asked: 'layer' (drawn by us over
   * a textless image) or 'model' (drawn by the provider). Absent on jobs sent before: 'model'.
   */
  text_mode?: TextMode;
  /** On a user message: the image it asked to edit, and that image's original. */
  edit_from?: { message_id: string; index: number; key: string };
  /**
   * On a user message that asked for a region edit: its mask's key (a PNG the size of the edited
   * image, opaque where painted), stored with the message and deleted with it.
   */
  mask_key?: string;
  /**
   * On a message that carries images (uploads, or a finished image): its own id, so the sparse
   * `byImages` index lists the conversation's image messages and nothing else.
   */
  image_id?: string;
  /** On a generated image: its owner, so the sparse `byGallery` index lists it. */
  gallery_user_id?: string;
  /** While the first image has a public link: the link's token (its `shares` item). */
  share_token?: string;
  /**
   * While another of the answer's images (its variations) has a public link: the link's token,
   * under `share_token_<index>` (see `shareTokenAttribute`).
   */
  [variationShare: `share_token_${number}`]: string | undefined;
  /**
   * While the job runs: the key of the latest partial picture the provider sent of its
   * `<variation>`th image (see partialAttribute), shown until the final image replaces it.
   */
  [partial: `partial_${number}`]: string | undefined;
  provider?: string;
  /** On a job: the id of the user message it answers. */
  request_id?: string;
  job_state?: 'queued' | 'running';
  started_at?: string;
  attempts?: number;
  /** Set only while the job is unsettled, so the sparse `byPending` index lists exactly those. */
  pending_shard?: string;
  pending_since?: string;
}
