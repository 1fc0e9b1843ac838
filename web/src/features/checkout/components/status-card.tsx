import type { ReactNode } from 'react';

interface StatusCardProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}

/** The centred card of the checkout result pages. */
export function StatusCard({ icon, title, children }: StatusCardProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div
        aria-live="polite"
        className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center shadow-2xl"
      >
        {icon}
        <h1 className="text-2xl font-semibold text-zinc-50">{title}</h1>
        {children}
      </div>
    </main>
  );
}
