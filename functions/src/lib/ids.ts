import { monotonicFactory } from 'ulid';

/** Time-ordered ids: a messages Query on the id sort key returns them oldest first. */
export const newId: () => string = monotonicFactory();
