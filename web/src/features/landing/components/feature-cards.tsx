import { Coins, Link2, Sparkles, Zap } from 'lucide-react';

const features = [
  {
    icon: Sparkles,
    title: 'AI generation',
    text: 'Describe the scene, the mood and any text you want. Get a bold 16:9 image made for YouTube.',
  },
  {
    icon: Link2,
    title: 'Video-link integration',
    text: 'Paste a YouTube link and its current thumbnail becomes the reference for a fresh take.',
  },
  {
    icon: Zap,
    title: 'Ready in seconds',
    text: 'Go from idea to an upload-ready thumbnail in one conversation, not an afternoon in an editor.',
  },
  {
    icon: Coins,
    title: 'Pay-as-you-go credits',
    text: 'No subscription. Buy credits when you need them; each generation or edit costs 1 credit.',
  },
] as const;

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-title" className="text-center text-3xl font-bold text-zinc-50">
        Everything a thumbnail needs
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
            <span className="flex size-10 items-center justify-center rounded-xl bg-accent-600/15">
              <Icon aria-hidden="true" className="size-5 text-accent-400" />
            </span>
            <h3 className="mt-4 font-semibold text-zinc-50">{title}</h3>
            <p className="mt-2 text-sm text-zinc-300">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
