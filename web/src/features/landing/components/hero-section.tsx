import { ArrowRight } from 'lucide-react';
import type { StartHandlers } from '../types';
import { DemoVideo } from './demo-video';

const primary =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-accent-600 px-6 font-semibold text-white shadow-lg shadow-accent-600/25 hover:bg-accent-700';
const secondary =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl border border-zinc-700 bg-zinc-900 px-6 font-semibold text-zinc-100 hover:bg-zinc-800';

export function HeroSection({ onStart, onPrefetch }: StartHandlers) {
  const prefetch = { onPointerEnter: onPrefetch, onFocus: onPrefetch, onTouchStart: onPrefetch };
  return (
    <section className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-8 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-16">
      <div className="flex flex-col gap-6">
        <p className="w-fit rounded-full border border-accent-500/40 bg-accent-600/10 px-3 py-1 text-sm text-accent-400">
          AI thumbnail generator for YouTube creators
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-balance text-zinc-50 sm:text-5xl">
          Thumbnails that earn the click, made in a chat
        </h1>
        <p className="max-w-xl text-lg text-zinc-300">
          Describe your idea, paste a video link or add reference photos, and get a 16:9 thumbnail in seconds.
          Then refine it by chatting until it is exactly right.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className={primary} onClick={() => onStart('sign-up')} {...prefetch}>
            Get Started Free
            <ArrowRight aria-hidden="true" className="size-5" />
          </button>
          <button type="button" className={secondary} onClick={() => onStart('sign-up')} {...prefetch}>
            Start Creating Now
          </button>
        </div>
        <p className="text-sm text-zinc-400">No subscription. Pay only for the thumbnails you make.</p>
      </div>
      <DemoVideo />
    </section>
  );
}
