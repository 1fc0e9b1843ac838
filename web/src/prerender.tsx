import { renderToString } from 'react-dom/server';
import { LandingPage } from './features/landing/components/landing-page';

const ignore = () => {};

/**
 * The landing page as HTML, written into dist/index.html at build time (scripts/prerender.mjs) so it
 * paints before any JavaScript runs; the entry then hydrates it. Same tree as `Root` shows first.
 */
export function renderLanding(): string {
  return renderToString(<LandingPage onStart={ignore} onPrefetch={ignore} />);
}
