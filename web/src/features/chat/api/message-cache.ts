import { type FollowedJob, MAX_FOLLOWED_JOBS, type Message, revisionOf } from '@thumbnail-studio/contract';
import { isOptimistic } from '../../../lib/message-keys';

/** A conversation's jobs as followed from the oldest one still in motion. */
export const jobUpdatesQueryKey = (conversationId: string, oldest: string) =>
  ['jobs', conversationId, oldest] as const;

/** An assistant message whose generation job is still running on the server. */
export const isFollowable = (message: Message) =>
  message.role === 'assistant' && message.status === 'pending' && !isOptimistic(message);

/**
 * How long after it was sent an image message is followed until its checks are over: the worker
 * records the legibility verdict (null when the checks could not be made) moments after the image,
 * so only a worker that stopped between the two leaves the wait to run out.
 */
export const LEGIBILITY_WAIT_MS = 10 * 60_000;

/** A finished image whose checks are still running: its legibility is not recorded yet, not even as null. */
export const awaitsLegibility = (message: Message, now = Date.now()) =>
  message.role === 'assistant' &&
  message.status === 'done' &&
  message.is_image_message &&
  message.legibility === undefined &&
  now - Date.parse(message.created_at) < LEGIBILITY_WAIT_MS;

/**
 * What a poll follows: the messages still in motion (a pending job, an image awaiting its checks),
 * the oldest first, each with the revision the chat has; a settled message whose checks are over
 * is never asked about again.
 */
export const followedJobs = (messages: readonly Message[], now = Date.now()): FollowedJob[] =>
  messages
    .filter((message) => isFollowable(message) || awaitsLegibility(message, now))
    .slice(0, MAX_FOLLOWED_JOBS)
    .map((message) => ({ id: message.id, revision: revisionOf(message) }));

/** Whether a poll's copy of a message is newer than the chat's (a stale answer never takes one back). */
export const isNewerRevision = (current: Message, update: Message) =>
  revisionOf(update) > revisionOf(current);

/** Replaces messages with the same id and appends new ones, keeping the list oldest first. */
export function mergeMessages(list: readonly Message[], updates: readonly Message[]): Message[] {
  const byId = new Map(updates.map((message) => [message.id, message]));
  const merged = list.map((message) => byId.get(message.id) ?? message);
  const known = new Set(list.map((message) => message.id));
  return [...merged, ...updates.filter((message) => !known.has(message.id))];
}
