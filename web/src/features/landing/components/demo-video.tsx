/** The product demo: only the poster loads with the page; the video loads when played. */
export function DemoVideo() {
  return (
    <figure className="overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-2xl shadow-accent-600/10">
      <video
        className="aspect-video w-full bg-zinc-900"
        width={1280}
        height={720}
        poster="/demo/poster.webp"
        preload="none"
        controls
        muted
        playsInline
        aria-label="Demo: creating a thumbnail in Thumbnail Studio"
      >
        <source src="/demo/demo.webm" type="video/webm" />
      </video>
      <figcaption className="px-4 py-3 text-sm text-zinc-300">
        Watch a thumbnail go from a one-line idea to a finished image.
      </figcaption>
    </figure>
  );
}
