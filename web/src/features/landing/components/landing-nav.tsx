import { Clapperboard } from 'lucide-react';
import type { StartHandlers } from '../types';

export function LandingNav({ onStart, onPrefetch }: StartHandlers) {
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
      <span className="flex items-center gap-2 font-semibold text-zinc-50">
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent-600">
          <Clapperboard aria-hidden="true" className="size-4 text-white" />
        </span>
        Thumbnail Studio
      </span>
      <button
        type="button"
        onClick={() => onStart('sign-in')}
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
        className="rounded-lg px-3 py-2 text-sm font-medium text-zinc-200 hover:bg-zinc-800 hover:text-zinc-50"
      >
        Log in
      </button>
    </header>
  );
}
