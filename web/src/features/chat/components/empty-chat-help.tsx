import { Lightbulb } from 'lucide-react';

/** Prompts a creator can start from: a click puts one in the message box to edit or send. */
export const EXAMPLE_PROMPTS = [
  'Gaming video: a shocked face in front of a giant explosion, bold text "I WON?!"',
  'Cooking channel: a close-up of steaming pasta on a dark wooden table, warm light',
  'Travel vlog: a tiny hiker on a cliff above turquoise water at sunrise',
  'Tech review: a new phone floating over a neon gradient, text "WORTH IT?"',
] as const;

interface EmptyChatHelpProps {
  onPick(prompt: string): void;
}

/** Under the greeting of a chat nothing was asked in yet: example prompts, and what the extras do. */
export function EmptyChatHelp({ onPick }: EmptyChatHelpProps) {
  return (
    <section aria-labelledby="empty-chat-examples" className="mt-6 flex flex-col gap-3">
      <h2 id="empty-chat-examples" className="flex items-center gap-2 text-sm font-medium text-zinc-300">
        <Lightbulb aria-hidden="true" className="size-4 text-accent-400" />
        Try an example
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt} className="flex">
            <button
              type="button"
              onClick={() => onPick(prompt)}
              className="w-full rounded-xl border border-zinc-700 bg-zinc-900 px-3 py-2.5 text-left text-sm text-zinc-200 transition-colors hover:border-accent-500 hover:bg-zinc-800"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-zinc-400">
        Reference images guide the look, a pasted YouTube link brings in that video's thumbnail to edit, and
        people you select are featured prominently.
      </p>
    </section>
  );
}
