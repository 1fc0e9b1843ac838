import * as z from 'zod/mini';
import { MAX_VARIATIONS, messageContentSchema, storageKeySchema } from './messages';
import { PROVIDER_LABELS } from './providers';

/**
 * A creator's own API key: kept in their browser only, it calls the provider from there and
 * nothing is charged. These are the providers it can be set for.
 */
export const OWN_KEY_PROVIDERS = ['openai', 'gemini'] as const;
export type OwnKeyProvider = (typeof OWN_KEY_PROVIDERS)[number];
export const isOwnKeyProvider = (value: unknown): value is OwnKeyProvider =>
  OWN_KEY_PROVIDERS.some((id) => id === value);

/** Where a creator adds their own key, as the texts that send them there name it. */
export const OWN_KEYS_PLACE = 'Settings → Your own API keys';

/** The assistant's words under an image made with the creator's own key. */
export const ownKeyAnswerText = (provider: OwnKeyProvider): string =>
  `Made with your own ${PROVIDER_LABELS[provider]} key: no credit was charged.`;

/** What a send with an own key is about to use: a send's content. */
export const ownKeyInputsBodySchema = messageContentSchema;

/**
 * What the browser gives the provider for a send, chosen by the same rules as a backend job:
 * the classifier's turns (the new message and its placeholder last), the images an edit starts
 * from or a generation takes as references (oldest first; `chosen` when the send chose one to
 * edit) and the selected people with their photos. Images are signed GET URLs.
 */
export const ownKeyInputsSchema = z.object({
  turns: z.array(
    z.object({ role: z.enum(['user', 'assistant']), text: z.string(), has_images: z.boolean() }),
  ),
  images: z.array(z.object({ url: z.string() })),
  chosen: z.boolean(),
  people: z.array(z.object({ name: z.string(), photos: z.array(z.object({ url: z.string() })) })),
});
export type OwnKeyInputs = z.infer<typeof ownKeyInputsSchema>;

/** Longest error text an own-key answer may store (a provider's message included). */
export const MAX_OWN_KEY_ERROR_LENGTH = 1000;

/**
 * An answer made in the browser with the creator's own key, to be stored like any other: the
 * send's fields, whether it was an edit, and either the images (upload keys of the creator's
 * own uploads, one per variation made) or the error text the creator read.
 */
export const saveOwnKeyAnswerBodySchema = z
  .extend(messageContentSchema, {
    provider: z.enum(OWN_KEY_PROVIDERS),
    is_edit: z.boolean(),
    images: z._default(z.array(storageKeySchema).check(z.maxLength(MAX_VARIATIONS)), []),
    error: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_OWN_KEY_ERROR_LENGTH))),
  })
  .check(
    z.refine((body) => body.images.length > 0 !== (body.error !== undefined), {
      message: 'An answer has either images or an error',
    }),
  );
export type SaveOwnKeyAnswerBody = z.input<typeof saveOwnKeyAnswerBodySchema>;
/** An own-key answer as the backend reads it, defaults filled in. */
export type ParsedSaveOwnKeyAnswerBody = z.infer<typeof saveOwnKeyAnswerBodySchema>;
