import { type ComponentProps, useSyncExternalStore } from 'react';

type Sonner = typeof import('./sonner');

// Most visits show no toast, so sonner's code loads with the first one.
let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import('./sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Transient messages through sonner, shown by the `<Toaster>` once sonner's code has loaded. */
export const toast = {
  error(message: string) {
    loadSonner().then(
      (module) => module.toast.error(message),
      () => console.error(message),
    );
  },
  success(message: string) {
    loadSonner().then(
      (module) => module.toast.success(message),
      () => console.info(message),
    );
  },
};

/**
 * Where toasts show: sonner's `<Toaster>`, rendered once the first toast has loaded it. Sonner shows
 * toasts raised before its `<Toaster>` subscribed, so the first one is not lost.
 */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
  const sonner = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  return sonner ? <sonner.Toaster {...props} /> : null;
}
