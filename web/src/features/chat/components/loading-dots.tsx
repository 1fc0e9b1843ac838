/** Text followed by three animated dots, for messages whose job is still running. */
export function LoadingDots({ text }: { text: string }) {
  const base = text.replace(/\.{3}$/, '');
  return (
    <span>
      {base}
      <span aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <span
            key={index}
            className="animate-dot motion-reduce:animate-none"
            style={{ animationDelay: `${index * 0.2}s` }}
          >
            .
          </span>
        ))}
      </span>
      <span className="sr-only">...</span>
    </span>
  );
}
