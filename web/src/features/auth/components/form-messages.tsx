/** Inline error and notice lines under an auth form: errors show in the form, not as toasts. */
export function FormMessages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      {notice && (
        <p
          role="status"
          className="rounded-lg border border-emerald-700 bg-emerald-950 px-3 py-2 text-sm text-emerald-200"
        >
          {notice}
        </p>
      )}
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-700 bg-red-950 px-3 py-2 text-sm text-red-200"
        >
          {error}
        </p>
      )}
    </>
  );
}
