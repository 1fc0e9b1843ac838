import sharp from 'sharp';
import { startVideoImageHost } from './video-image-host';

/**
 * Runs the fake video image host as its own process, for the end-to-end tests' local cloud
 * (`VIDEO_THUMBNAIL_BASE_URL=http://127.0.0.1:$VIDEO_HOST_PORT/vi`). It serves a 1280x720
 * thumbnail for each id in `VIDEO_HOST_IDS` (comma-separated); every other path answers 404.
 */
const port = Number(process.env.VIDEO_HOST_PORT ?? 3101);
const ids = (process.env.VIDEO_HOST_IDS ?? 'dQw4w9WgXcQ').split(',').filter(Boolean);

/** A thumbnail that is easy to spot in screenshots: a diagonal orange-to-teal gradient. */
async function thumbnail(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#0d9488"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <circle cx="900" cy="360" r="220" fill="#fde047" opacity="0.85"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

const host = await startVideoImageHost(port);
const body = await thumbnail();
for (const id of ids) host.serve(`/vi/${id}/maxresdefault.jpg`, { body, contentType: 'image/jpeg' });

console.log(`Fake video image host on ${host.url} serving ${ids.join(', ')}`);

const stop = async () => {
  await host.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
