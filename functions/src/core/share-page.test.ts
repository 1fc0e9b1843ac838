import { describe, expect, it } from 'vitest';
import {
  renderGonePage,
  renderSharedPage,
  SHARE_FALLBACK_TITLE,
  SHARE_GONE_TITLE,
  shareTitle,
} from './share-page';

const page = (prompt: string | null) =>
  renderSharedPage({
    prompt,
    pageUrl: 'https://studio.example/api/shared/tok',
    imageUrl: 'https://studio.example/api/shared/tok/image',
    appUrl: 'https://studio.example/',
  });

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('the shared image page', () => {
  it('carries the tags chat and social apps preview a link with', () => {
    const html = page('A fox over the word "FAST"');
    expect(meta(html, 'og:title')).toBe('A fox over the word &quot;FAST&quot;');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:image')).toBe('https://studio.example/api/shared/tok/image');
    expect(meta(html, 'og:image:width')).toBe('1280');
    expect(meta(html, 'og:image:height')).toBe('720');
    expect(meta(html, 'og:url')).toBe('https://studio.example/api/shared/tok');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toContain(
      '<img src="https://studio.example/api/shared/tok/image" width="1280" height="720"',
    );
  });

  it('escapes the prompt everywhere, so it can add no markup or script', () => {
    const html = page('</title><script>alert(1)</script> & "quotes"');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
  });

  it('is titled by the prompt, whitespace collapsed and shortened with an ellipsis, or a fixed title', () => {
    expect(shareTitle('  a\n\nfox  ')).toBe('a fox');
    expect(shareTitle('x'.repeat(150))).toBe(`${'x'.repeat(100)}...`);
    expect(shareTitle('x'.repeat(100))).toBe('x'.repeat(100));
    expect(shareTitle(null)).toBe(SHARE_FALLBACK_TITLE);
    expect(shareTitle('   ')).toBe(SHARE_FALLBACK_TITLE);
  });

  it('says a revoked link is no longer shared, with the way to the app', () => {
    const html = renderGonePage('https://studio.example/');
    expect(html).toContain(`<h1>${SHARE_GONE_TITLE}</h1>`);
    expect(html).toContain('href="https://studio.example/"');
    expect(html).not.toContain('og:image');
  });

  it("follows the visitor's light or dark preference, dark when it says nothing", () => {
    for (const html of [page('A fox'), renderGonePage('https://studio.example/')]) {
      const style = html.match(/<style>(.*)<\/style>/)?.[1] ?? '';
      expect(style).toMatch(/^:root\{color-scheme:dark;/);
      expect(style).toMatch(/@media \(prefers-color-scheme:light\)\{:root\{color-scheme:light;/);
      expect(style).toContain('background:var(--bg);color:var(--text)');
    }
  });
});
