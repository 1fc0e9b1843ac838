import * as z from 'zod/mini';
import { messageSchema } from './messages';

/** Most images one page of the gallery holds. */
export const GALLERY_PAGE_SIZE = 24;

/**
 * One page of the caller's generated images across every conversation, newest first, as the
 * answers that hold them: an answer with variations lists every one in `images`.
 * `next_cursor`, when present, asks (`?cursor=`) for the older ones after them.
 */
export const galleryPageSchema = z.object({
  images: z.array(messageSchema),
  next_cursor: z.optional(z.string()),
});

export type GalleryPage = z.infer<typeof galleryPageSchema>;

/**
 * A public link to one image: its unguessable token. The page is `getSharedPage` with it, on the
 * app's own origin; the same image shared again answers the same token, another variation of
 * the same answer another one.
 */
export const shareSchema = z.object({ token: z.string() });

export type Share = z.infer<typeof shareSchema>;
