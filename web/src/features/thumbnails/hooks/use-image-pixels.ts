import { useEffect, useState } from 'react';
import { MEASURE_SIZE, type RgbaPixels } from '../utils/image-figures';

/**
 * An image's pixels at the readiness check's measuring size, read in this browser from the
 * preview it already shows (no server work, no provider call). Null until they are read, and
 * when the browser cannot read them (no canvas, or the image did not load).
 */
export function useImagePixels(src: string): RgbaPixels | null {
  const [pixels, setPixels] = useState<RgbaPixels | null>(null);
  useEffect(() => {
    setPixels(null);
    let current = true;
    const image = new Image();
    // The storage allows this origin: the canvas stays readable.
    image.crossOrigin = 'anonymous';
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = MEASURE_SIZE.width;
      canvas.height = MEASURE_SIZE.height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || !current) return;
      try {
        context.drawImage(image, 0, 0, MEASURE_SIZE.width, MEASURE_SIZE.height);
        const { data, width, height } = context.getImageData(0, 0, MEASURE_SIZE.width, MEASURE_SIZE.height);
        setPixels({ data, width, height });
      } catch {
        // A canvas the browser will not read back: the pixel items stay unmeasured.
      }
    };
    image.src = src;
    return () => {
      current = false;
    };
  }, [src]);
  return pixels;
}
