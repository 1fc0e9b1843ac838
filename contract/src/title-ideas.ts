import * as z from 'zod/mini';

/** How many title ideas one request answers. */
export const TITLE_IDEAS_COUNT = 5;

/** The longest title idea: what a feed shows of a title before it is cut off. */
export const MAX_TITLE_IDEA_LENGTH = 60;

/** The answer to a request that names neither an image nor a conversation, or both. */
export const TITLE_IDEAS_TARGET_TEXT = 'Ask for the title ideas of one image or of one conversation.';

const idSchema = z.string().check(z.minLength(1), z.maxLength(128));

/**
 * Title ideas for one image (`message_id`, and `image`, one of its variations, the first by
 * default) or for a conversation (`conversation_id`: its latest image, else its prompts).
 * `provider`: the text model to ask (the picker's choice); absent or not offered, the default.
 */
export const titleIdeasBodySchema = z
  .object({
    message_id: z.optional(idSchema),
    image: z.optional(z.int().check(z.gte(0))),
    conversation_id: z.optional(idSchema),
    provider: z.optional(z.string().check(z.maxLength(32))),
  })
  .check(
    z.refine(
      (body) => (body.message_id === undefined) !== (body.conversation_id === undefined),
      TITLE_IDEAS_TARGET_TEXT,
    ),
  );

export type TitleIdeasBody = z.input<typeof titleIdeasBodySchema>;

/**
 * Exactly `TITLE_IDEAS_COUNT` titles, none longer than `MAX_TITLE_IDEA_LENGTH`, and the title of
 * the video linked in the conversation when one could be read (the ideas start from it).
 */
export const titleIdeasSchema = z.object({
  titles: z.array(z.string().check(z.maxLength(MAX_TITLE_IDEA_LENGTH))).check(z.length(TITLE_IDEAS_COUNT)),
  video_title: z.nullable(z.string()),
});

export type TitleIdeas = z.infer<typeof titleIdeasSchema>;
