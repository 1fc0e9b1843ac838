/**
 * The public page of a shared thumbnail: plain HTML, no script, with the Open Graph and Twitter
 * tags chat and social apps read to preview a link, and a 404 page for a link that is gone. Both
 * follow the visitor's light or dark preference.
 */

/** The page's title: the prompt, at most this many characters with an ellipsis, or a fixed one. */
export const SHARE_TITLE_LENGTH = 100;
export const SHARE_FALLBACK_TITLE = 'A thumbnail made with Thumbnail Studio';
export const SHARE_DESCRIPTION =
  'A YouTube thumbnail made with Thumbnail Studio, the AI thumbnail generator.';
export const SHARE_GONE_TITLE = 'This thumbnail is no longer shared';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text and attribute values, escaped for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The page title of a shared image: its prompt, whitespace collapsed, shortened with an ellipsis. */
export function shareTitle(prompt: string | null | undefined): string {
  const text = (prompt ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return SHARE_FALLBACK_TITLE;
  const chars = [...text];
  return chars.length > SHARE_TITLE_LENGTH
    ? `${chars.slice(0, SHARE_TITLE_LENGTH).join('').trimEnd()}...`
    : text;
}

/**
 * Dark unless the visitor's system asks for light, as the app does; both pairs of text and
 * background pass WCAG AA. `color-scheme` says which one shows, to the browser's own controls too.
 */
const STYLE =
  ':root{color-scheme:dark;--bg:#09090b;--text:#f4f4f5;--link:#a78bfa;--frame:#18181b}' +
  '@media (prefers-color-scheme:light){:root{color-scheme:light;--bg:#ffffff;--text:#18181b;--link:#6d28d9;--frame:#f4f4f5}}' +
  'body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:16px;box-sizing:border-box;background:var(--bg);color:var(--text);font-family:system-ui,sans-serif}' +
  'img{width:100%;max-width:1280px;height:auto;aspect-ratio:16/9;border-radius:12px;background:var(--frame)}' +
  'h1{font-size:1.125rem;font-weight:600;margin:0;max-width:1280px;text-align:center}' +
  'a{color:var(--link)}';

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><style>${STYLE}</style>${head}</head><body>${body}</body></html>`;
}

export interface SharedPageInput {
  prompt: string | null | undefined;
  /** Absolute URLs: this page, its picture (1280x720), and the app. */
  pageUrl: string;
  imageUrl: string;
  appUrl: string;
}

/** The page of one shared thumbnail, with its Open Graph and Twitter card tags. */
export function renderSharedPage({ prompt, pageUrl, imageUrl, appUrl }: SharedPageInput): string {
  const title = escapeHtml(shareTitle(prompt));
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    `<title>${title}</title>`,
    meta('name', 'description', SHARE_DESCRIPTION),
    `<meta property="og:title" content="${title}">`,
    meta('property', 'og:description', SHARE_DESCRIPTION),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', '1280'),
    meta('property', 'og:image:height', '720'),
    `<meta property="og:image:alt" content="${title}">`,
    meta('property', 'og:site_name', 'Thumbnail Studio'),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<meta name="twitter:title" content="${title}">`,
    meta('name', 'twitter:image', imageUrl),
  ].join('');
  const body = `<main style="display:contents"><img src="${escapeHtml(imageUrl)}" width="1280" height="720" alt="${title}"><h1>${title}</h1><p><a href="${escapeHtml(appUrl)}">Make your own with Thumbnail Studio</a></p></main>`;
  return page(head, body);
}

/** What a revoked, deleted or unknown link shows (with a 404 status). */
export function renderGonePage(appUrl: string): string {
  return page(
    `<title>${SHARE_GONE_TITLE}</title>`,
    `<main style="display:contents"><h1>${SHARE_GONE_TITLE}</h1><p><a href="${escapeHtml(appUrl)}">Go to Thumbnail Studio</a></p></main>`,
  );
}
