/** Which auth mode the landing page's buttons open. */
export type StartMode = 'sign-in' | 'sign-up';

export interface StartHandlers {
  onStart(mode: StartMode): void;
  /** Starts loading the app code early, e.g. when a call-to-action is hovered. */
  onPrefetch(): void;
}
