import { useEffect, useState } from 'react';

/**
 * An image loaded for drawing on a canvas. It is asked for with CORS, so the canvas can still be
 * exported (the storage answers the app's origin). `failed` when it cannot be loaded.
 */
export function useLoadedImage(url: string | undefined) {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement | null }>();
  useEffect(() => {
    if (!url) return;
    const image = new window.Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => setLoaded({ url, image });
    image.onerror = () => setLoaded({ url, image: null });
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  const current = loaded?.url === url ? loaded : undefined;
  return { image: current?.image ?? null, failed: current !== undefined && current.image === null };
}
