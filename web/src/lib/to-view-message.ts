import {
  type DownloadFormat,
  type ImageSource,
  INSUFFICIENT_CREDITS_TEXT,
  type Legibility,
  type Likeness,
  type Message,
  type TextBox,
} from '@thumbnail-studio/contract';

/** One image of an answer that asked for variations, with what each offers. */
export interface ViewImage {
  /** Its place among the message's images: 0 is the first, the one `imageUrl` shows. */
  index: number;
  imageUrl: string;
  imageSources: ImageSource[];
  fullImageUrl: string | null;
  downloads: DownloadFormat[];
  /** The token of this image's own public link while it is shared. */
  shareToken: string | null;
}

/** A message as the chat shows it: camelCase, with its job status as loading and error flags. */
export interface ViewMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  isLoading: boolean;
  isError: boolean;
  /** A send refused for credits: the answer offers to buy some. */
  needsCredits: boolean;
  isImageMessage: boolean;
  isEdit: boolean;
  /** The JPEG shown where none of `imageSources` fits. */
  imageUrl: string | null;
  /** The preview in modern formats at several widths, for `srcset`; empty on older images. */
  imageSources: ImageSource[];
  /** The original image, opened full size. */
  fullImageUrl: string | null;
  /** The downloads the image offers, fetched when clicked: the YouTube-ready JPEG (recommended; not on older images) and the PNG. */
  downloads: DownloadFormat[];
  prompt: string | null;
  isBase64: boolean;
  uploadedImages: string[];
  selectedModels: string[];
  createdAt: string;
  /** The conversation it belongs to (the gallery opens it there). */
  conversationId: string;
  /** The token of the first image's public link while it is shared. */
  shareToken: string | null;
  /** How the image's text reads at feed size; null until checked (or on a message without an image). */
  legibility: Legibility | null;
  /** Every image of the answer (its variations), the first being `imageUrl`'s; empty without an image. */
  images: ViewImage[];
  /** On a user message: which earlier image it edited ('Edit this one'). */
  editFrom: { messageId: string; index: number } | null;
  /** On a user message that asked for a region edit: its painted area (a PNG, opaque where painted). */
  maskUrl: string | null;
  /** Where the image's text sits at full size (1280x720), once the legibility check has run. */
  textBoxes: TextBox[];
  /** The faces in the image and the featured people's likeness; null until checked (or turned off). */
  likeness: Likeness | null;
  /** Where the image's faces sit at full size (1280x720), once the likeness check has run. */
  faceBoxes: TextBox[];
  /** While its job runs: the provider drawing it, and when a worker began it (null while queued). */
  provider: string | null;
  startedAt: string | null;
  /** While its job runs: the latest partial picture of each image (null: none yet); empty when none came. */
  partials: (string | null)[];
}

/** The images of a message; one from before variations lists its one image. */
function imagesOf(message: Message): ViewImage[] {
  const first = message.image_url && {
    index: 0,
    image_url: message.image_url,
    image_sources: message.image_sources,
    full_image_url: message.full_image_url,
    downloads: message.downloads ?? [],
    share_token: message.share_token,
  };
  const listed = message.images?.length ? message.images : first ? [first] : [];
  return listed.map((image) => ({
    index: image.index,
    imageUrl: image.image_url,
    imageSources: image.image_sources ?? [],
    fullImageUrl: image.full_image_url,
    downloads: image.downloads,
    // The message's own field is the first image's link.
    shareToken: image.index === 0 ? message.share_token : image.share_token,
  }));
}

/**
 * One image of an answer shown on its own, as a message with that image (a gallery card of a
 * variation): its previews, downloads and link. The text and face checks read an answer's first
 * image only, so another one carries none of theirs.
 */
export function imageView(message: ViewMessage, image: ViewImage): ViewMessage & { imageUrl: string } {
  const checked = image.index === 0;
  return {
    ...message,
    imageUrl: image.imageUrl,
    imageSources: image.imageSources,
    fullImageUrl: image.fullImageUrl,
    downloads: image.downloads,
    shareToken: image.shareToken,
    legibility: checked ? message.legibility : null,
    textBoxes: checked ? message.textBoxes : [],
    likeness: checked ? message.likeness : null,
    faceBoxes: checked ? message.faceBoxes : [],
  };
}

export function toViewMessage(message: Message): ViewMessage {
  const imageUrl = message.image_url;
  return {
    id: message.id,
    type: message.role,
    content: message.content,
    isLoading: message.status === 'pending',
    isError: message.status === 'error',
    needsCredits: message.role === 'assistant' && message.content === INSUFFICIENT_CREDITS_TEXT,
    isImageMessage: message.is_image_message && Boolean(imageUrl),
    isEdit: message.is_edit,
    imageUrl,
    imageSources: message.image_sources ?? [],
    fullImageUrl: message.full_image_url,
    downloads: message.downloads ?? [],
    prompt: message.prompt,
    isBase64: imageUrl?.startsWith('data:image') ?? false,
    uploadedImages: message.uploaded_images ?? [],
    selectedModels: message.selected_model_ids ?? [],
    createdAt: message.created_at,
    conversationId: message.conversation_id,
    shareToken: message.share_token,
    legibility: message.legibility ?? null,
    images: imagesOf(message),
    editFrom: message.edit_from
      ? { messageId: message.edit_from.message_id, index: message.edit_from.index }
      : null,
    maskUrl: message.mask_url ?? null,
    textBoxes: message.legibility?.boxes ?? [],
    likeness: message.likeness ?? null,
    faceBoxes: message.likeness?.faces ?? [],
    provider: message.provider ?? null,
    startedAt: message.started_at ?? null,
    partials: message.partials ?? [],
  };
}
