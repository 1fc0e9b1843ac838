import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use rather than when a handler is imported: its native library
 * is the largest single cost of a cold start, and most requests process no image. Every
 * module that processes images calls this instead of importing sharp, so a bundle loads
 * it only when a request needs it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
