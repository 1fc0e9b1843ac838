/**
 * How an edit of a named image reaches the chat: the region editor paints and asks, the
 * readiness check's fixes ask, and the chat sends it as its next message (the app wires them
 * together).
 */

/** An edit of one image: which image, what to change, and where (without a mask: anywhere). */
export interface RegionEditRequest {
  messageId: string;
  index: number;
  content: string;
  /** The painted area: a PNG data URL the image's size, opaque where painted. */
  mask?: string;
}

/** The chat's send as the region editor uses it, and what a send costs. */
export interface RegionSendProps {
  /** Sends the edit as a chat message; resolves false when it was not sent (the editor stays open). */
  onSend(request: RegionEditRequest): Promise<boolean>;
  /** What a send costs, in the chat's words (e.g. 'Cost: 1 credit'). */
  costText: string;
  /** The chat is sending or making an image: a send waits until it is done. */
  busy: boolean;
}
