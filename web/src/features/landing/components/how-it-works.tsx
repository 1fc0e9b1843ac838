const steps = [
  {
    title: 'Describe',
    text: 'Tell the assistant what your video is about and how the thumbnail should feel.',
  },
  {
    title: 'Refine',
    text: 'Ask for changes in plain words: brighter colours, a bigger face, another background.',
  },
  { title: 'Download', text: 'Download the finished 16:9 thumbnail and upload it with your video.' },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="how-title" className="text-center text-3xl font-bold text-zinc-50">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-2xl border border-zinc-800 p-6">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-zinc-50">{step.title}</h3>
              <p className="mt-1 text-sm text-zinc-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
