import { type Query, useQuery } from '@tanstack/react-query';
import type { Legibility, TextBox, TextLayer } from '@thumbnail-studio/contract';
import { getMessageById } from '../../../lib/get-message';

/** What the server knows of one image once its checks have run. */
export interface ImageChecks {
  /**
   * The text check (an answer's first image only): undefined while it runs, null when it could
   * not be made.
   */
  legibility: Legibility | null | undefined;
  /** The faces the face check found (an answer's first image only). */
  faces: TextBox[];
  /** The image's text layers (empty when its text is part of the picture). */
  layers: TextLayer[];
}

/** The checks run in the seconds after the image is ready: asked again this often, this many times. */
const ASK_EVERY_MS = 2000;
const MAX_ASKS = 30;

export const imageChecksQueryKey = (messageId: string, index: number) =>
  ['image-checks', messageId, index] as const;

const askAgain = (query: Query<ImageChecks>) =>
  query.state.data?.legibility !== undefined || query.state.dataUpdateCount >= MAX_ASKS
    ? false
    : ASK_EVERY_MS;

/**
 * An image's checks and layers as the server has them now: the chat's copy of a message stops
 * changing when its job is done, and the checks finish after that. Asked again until the text
 * check (written last) is there, or has said it could not be made; `legibility` stays undefined
 * while it runs.
 */
export const useImageChecks = (messageId: string, index: number) =>
  useQuery({
    queryKey: imageChecksQueryKey(messageId, index),
    queryFn: async (): Promise<ImageChecks> => {
      const message = await getMessageById(messageId);
      const image = message.images?.find((item) => item.index === index);
      return {
        legibility: message.legibility,
        faces: message.likeness?.faces ?? [],
        layers: image?.text_layers ?? [],
      };
    },
    refetchInterval: askAgain,
    staleTime: 0,
  });
