import * as z from 'zod/mini';
import { legibilitySchema } from './legibility';
import { likenessSchema } from './likeness';
import { maskSchema } from './region-edits';
import { logoLayerSchema, textLayersSchema, textModeSchema } from './text-layers';
import { EMPTY_TITLE_TEXT } from './texts';

export const messageRoleSchema = z.enum(['user', 'assistant']);
/** A message's generation state: `pending` while its job runs, then `done` or `error`. */
export const messageStatusSchema = z.enum(['pending', 'done', 'error']);

/** Longest message a creator can send. */
export const MAX_MESSAGE_LENGTH = 4000;
/** At most this many reference images ride along with one message. */
export const MAX_IMAGES_PER_MESSAGE = 4;
/** At most this many people can be featured in one message. */
export const MAX_MODELS_PER_MESSAGE = 10;

/** One width of a generated image's preview, for `srcset`: a signed URL, its pixel width and type. */
export const imageSourceSchema = z.object({
  url: z.string(),
  width: z.int().check(z.positive()),
  type: z.string(),
});

/**
 * The two 1280x720 downloads of a generated image: the YouTube-ready JPEG (at most 600 KB,
 * the recommended one) and the lossless PNG. Images made before the JPEG existed have only the PNG.
 */
export const DOWNLOAD_FORMATS = ['jpeg', 'png'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** A request asks for 1 to this many variations of its image; each costs `GENERATION_COST`. */
export const MAX_VARIATIONS = 4;

/** The image of an earlier answer a send edits: that message and the index of one of its images. */
export const editFromSchema = z.object({
  message_id: z.string().check(z.minLength(1), z.maxLength(256)),
  index: z.int().check(z.nonnegative(), z.lt(MAX_VARIATIONS, 'That image does not exist')),
});
export type EditFrom = z.infer<typeof editFromSchema>;

/**
 * One image of an answer: `index` is its place among the message's images (0 is the first,
 * the one `image_url` shows), the other fields as on the message. Each image is shared on its
 * own: `share_token` is its public link's while it has one.
 */
export const messageImageSchema = z.object({
  index: z.int().check(z.nonnegative()),
  image_url: z.string(),
  image_sources: z._default(z.nullable(z.array(imageSourceSchema)), null),
  full_image_url: z._default(z.nullable(z.string()), null),
  downloads: z.array(z.enum(DOWNLOAD_FORMATS)),
  share_token: z._default(z.nullable(z.string()), null),
  /**
   * The image's text as editable layers, drawn over its base; empty on an image whose text (if
   * any) is part of the picture, as on every image made before layers.
   */
  text_layers: z._default(textLayersSchema, []),
  /**
   * The image without its text layers (a signed URL, on the one message's read): what the text
   * editor draws under the layers. Null where the image has no separate base: its layers, if
   * any, are drawn over the image as it is.
   */
  base_url: z._default(z.nullable(z.string()), null),
  /** The image's logo layer (a brand kit's logo), drawn under its text layers; null: none. */
  logo: z._default(z.nullable(logoLayerSchema), null),
});

/**
 * A message as the API answers it. Image fields are signed URLs that stay the
 * same for an hour, so the browser's cache serves a reload: `image_sources` the
 * previews the chat shows (WebP at several widths, narrowest first), `image_url`
 * what it falls back to without WebP (the original; a 960x540 JPEG on images
 * stored before 27 Nov), `full_image_url` the provider's original. Images
 * stored before the previews existed have null there, and a 640x360 JPEG as
 * `image_url`. Lists (a page of messages, a poll of jobs) carry only the previews
 * and the references; the full size is signed when used, by reading the one
 * message. `downloads` names the downloads an image offers, each fetched by
 * asking for it (`getDownload`). `share_token` is set while the image has a public link.
 * Fields a message may lack take the defaults of a new message.
 */
export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  user_id: z.string(),
  role: messageRoleSchema,
  content: z.string(),
  uploaded_images: z._default(z.nullable(z.array(z.string())), null),
  selected_model_ids: z._default(z.nullable(z.array(z.string())), null),
  prompt: z._default(z.nullable(z.string()), null),
  image_url: z._default(z.nullable(z.string()), null),
  image_sources: z._default(z.nullable(z.array(imageSourceSchema)), null),
  full_image_url: z._default(z.nullable(z.string()), null),
  downloads: z._default(z.nullable(z.array(z.enum(DOWNLOAD_FORMATS))), null),
  is_image_message: z._default(z.boolean(), false),
  is_edit: z._default(z.boolean(), false),
  created_at: z.string(),
  status: z._default(messageStatusSchema, 'done'),
  /**
   * How the image's text reads at feed size; absent until checked, after the image is ready.
   * Written last of the checks that follow an image: null when they could not be made, so either
   * value says no more change is coming.
   */
  legibility: z.optional(z.nullable(legibilitySchema)),
  /**
   * The faces in the image and the selected people's likeness; absent until checked, after the
   * image is ready. Written before `legibility`, so a message with a verdict has both.
   */
  likeness: z.optional(z.nullable(likenessSchema)),
  /** The token of the first image's public link while it is shared (only its owner reads it). */
  share_token: z._default(z.nullable(z.string()), null),
  /**
   * Every image of an answer that asked for variations, the first being `image_url`'s; null on
   * a message without an image. Messages from before variations list their one image.
   */
  images: z._default(z.nullable(z.array(messageImageSchema)), null),
  /** On a user message: the image it asked to edit ('Edit this one'). */
  edit_from: z.optional(z.nullable(editFromSchema)),
  /**
   * On a user message that asked for a region edit: its painted area (a signed URL of a PNG the
   * size of the edited image, opaque where painted), shown over the image it edits.
   */
  mask_url: z.optional(z.nullable(z.string())),
  /**
   * How many times the job changed the message since it was stored (a phase, the outcome, each
   * check), absent while none did: a poll answers a followed message only once its revision is
   * past the one the chat has (`revisionOf`).
   */
  revision: z.optional(z.int().check(z.nonnegative())),
});

/** Where to fetch one download: a signed URL that works for at least an hour. */
export const downloadSchema = z.object({ url: z.string() });

/** Most messages one page of a conversation holds. */
export const MESSAGE_PAGE_SIZE = 20;

/**
 * One page of a conversation: its newest messages (or those before `?cursor=`),
 * listed oldest first. `next_cursor`, when present, asks for the page before.
 */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  next_cursor: z.optional(z.string()),
});

/**
 * The followed messages that changed since the chat last saw them (`?follow=`), oldest first: a
 * pending one shows its phase, a settled one its outcome and preview, then its checks.
 */
export const jobUpdatesSchema = z.object({ jobs: z.array(messageSchema) });

/** A message's revision: how many times its job changed it (0 while none did). */
export const revisionOf = (message: { revision?: number }): number => message.revision ?? 0;

/** Most messages one poll follows; the chat follows the oldest ones first. */
export const MAX_FOLLOWED_JOBS = 100;

/** A message the chat follows, and the revision of it the chat has. */
export interface FollowedJob {
  id: string;
  revision: number;
}

const FOLLOWED_JOB = /^([0-9A-Za-z]{1,64})\.(\d{1,9})$/;

/** The `?follow=` of a poll: `<id>.<revision>` of each followed message, comma separated. */
export const followParam = (jobs: readonly FollowedJob[]): string =>
  jobs.map((job) => `${job.id}.${job.revision}`).join(',');

/** The followed messages a `?follow=` names; undefined when it names none or is malformed. */
export function parseFollowParam(value: string | undefined): FollowedJob[] | undefined {
  const items = value ? value.split(',') : [];
  if (items.length === 0 || items.length > MAX_FOLLOWED_JOBS) return undefined;
  const jobs: FollowedJob[] = [];
  for (const item of items) {
    const match = FOLLOWED_JOB.exec(item);
    if (!match?.[1] || !match[2]) return undefined;
    jobs.push({ id: match[1], revision: Number(match[2]) });
  }
  return jobs;
}

export type MessagePage = z.infer<typeof messagePageSchema>;
export type JobUpdates = z.infer<typeof jobUpdatesSchema>;
export type MessageRole = z.infer<typeof messageRoleSchema>;
export type MessageStatus = z.infer<typeof messageStatusSchema>;
export type Message = z.infer<typeof messageSchema>;
export type ImageSource = z.infer<typeof imageSourceSchema>;
export type MessageImage = z.infer<typeof messageImageSchema>;

/** Fields every new message starts with: no references, no people, no image, not an edit. */
export const NEW_MESSAGE_DEFAULTS = {
  uploaded_images: null,
  selected_model_ids: null,
  prompt: null,
  image_url: null,
  is_image_message: false,
  is_edit: false,
} as const satisfies Partial<Message>;

export const conversationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Conversation = z.infer<typeof conversationSchema>;

/** Titles are cut to this many characters (counted whole), by the backend and in the rename box. */
export const TITLE_LENGTH = 50;

const titleSchema = z
  .string()
  .check(z.trim(), z.minLength(1, EMPTY_TITLE_TEXT), z.maxLength(200, 'Title is too long'));
export const createConversationBodySchema = z.object({ title: z.optional(titleSchema) });
export const renameConversationBodySchema = z.object({ title: titleSchema });

/** An attachment's storage (upload) key or a model's id, as a send names them: 1 to 256 characters. */
export const storageKeySchema = z.string().check(z.minLength(1), z.maxLength(256));

/**
 * What a creator writes in a send, however it is answered: the text, references (storage keys),
 * people and, optionally, the image to edit.
 */
export const messageContentSchema = z.object({
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Message is empty'),
      z.maxLength(MAX_MESSAGE_LENGTH, 'Message is too long'),
    ),
  uploaded_images: z._default(
    z
      .array(storageKeySchema)
      .check(z.maxLength(MAX_IMAGES_PER_MESSAGE, `Attach at most ${MAX_IMAGES_PER_MESSAGE} images`)),
    [],
  ),
  selected_model_ids: z._default(z.array(storageKeySchema).check(z.maxLength(MAX_MODELS_PER_MESSAGE)), []),
  edit_from: z.optional(editFromSchema),
  /**
   * A region edit: the part of `edit_from`'s image to change, painted (see region-edits.ts).
   * Only with `edit_from`; only the painted area of the image changes.
   */
  mask: z.optional(maskSchema),
});
/** A send's content as the backend reads it, defaults filled in. */
export type MessageContent = z.infer<typeof messageContentSchema>;

/**
 * What a send carries: its content, the provider to ask and how many variations to make (each
 * costs a credit).
 */
export const sendMessageBodySchema = z.extend(messageContentSchema, {
  /** Absent: the backend's default provider. */
  provider: z.optional(z.string()),
  variations: z._default(
    z
      .int('Variations must be a whole number from 1 to 4')
      .check(
        z.gte(1, `Ask for 1 to ${MAX_VARIATIONS} variations`),
        z.lte(MAX_VARIATIONS, `Ask for 1 to ${MAX_VARIATIONS} variations`),
      ),
    1,
  ),
  /** How quoted text in the request is made: as editable layers (the default) or by the model. */
  text_mode: z._default(textModeSchema, 'layer'),
});

export type SendMessageBody = z.input<typeof sendMessageBodySchema>;
/** A send as the backend reads it, defaults filled in. */
export type ParsedSendMessageBody = z.infer<typeof sendMessageBodySchema>;

/**
 * The answer to a send: the stored user message and the assistant's. With a
 * 202 the assistant's is pending; a refusal for credits carries both too, the
 * assistant's saying credits are short.
 */
export const sendResultSchema = z.object({ userMessage: messageSchema, assistantMessage: messageSchema });

export type SendResult = z.infer<typeof sendResultSchema>;
