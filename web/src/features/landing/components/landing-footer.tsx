export function LandingFooter() {
  return (
    <footer className="border-t border-zinc-800">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-2 px-4 py-8 text-sm text-zinc-400 sm:flex-row sm:px-6">
        {/* The prerendered year is the build's; after a new year the client's wins without a warning. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Thumbnail Studio</p>
        <p>AI thumbnails for video creators.</p>
      </div>
    </footer>
  );
}
