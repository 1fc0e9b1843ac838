import { useEffect, useState } from 'react';
import type { ImageSize } from '../utils/shapes';

/** An image's own size in pixels once it has loaded; `failed` when it cannot be loaded. */
export function useImageSize(url: string) {
  const [loaded, setLoaded] = useState<{ url: string; size: ImageSize | null }>();
  useEffect(() => {
    const image = new window.Image();
    // Asked for with CORS like every image of the app, so the copy the browser keeps serves all.
    image.crossOrigin = 'anonymous';
    image.onload = () => setLoaded({ url, size: { width: image.naturalWidth, height: image.naturalHeight } });
    image.onerror = () => setLoaded({ url, size: null });
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  const current = loaded?.url === url ? loaded : undefined;
  return { size: current?.size ?? null, failed: current !== undefined && current.size === null };
}
