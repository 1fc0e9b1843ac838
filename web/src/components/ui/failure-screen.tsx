interface FailureScreenProps {
  title: string;
  message: string;
}

/** A full-screen failure with a reload button, for when the app cannot start. */
export function FailureScreen({ title, message }: FailureScreenProps) {
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-zinc-50">{title}</h1>
      <p className="max-w-md text-zinc-300">{message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="h-10 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700"
      >
        Reload
      </button>
    </main>
  );
}
