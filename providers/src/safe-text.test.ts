import { describe, expect, it } from 'vitest';
import { drawableText, escapeXml, wellFormed } from './safe-text';

describe('wellFormed', () => {
  it('replaces half a surrogate pair, and only that', () => {
    expect(wellFormed('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('🔥\ud83d')).toBe('🔥\ufffd');
    expect(wellFormed('👨\u200d👩 e\u0301 \u202eabc \u0000')).toBe('👨\u200d👩 e\u0301 \u202eabc \u0000');
  });
});

describe('drawableText', () => {
  it('leaves out control characters and the non-characters XML refuses, keeping line breaks and tabs', () => {
    expect(drawableText('A\u0000B\u001b[1mC\u007f\u0085D\ufffe\uffffE')).toBe('AB[1mCDE');
    expect(drawableText('one\ttwo\nthree\r')).toBe('one\ttwo\nthree\r');
  });

  it('keeps emoji, joiners, bidi marks and combining marks, and mends lone surrogates', () => {
    expect(drawableText('👨\u200d👩\u200d👧 \u200fشكرا e\u0301 \ud800')).toBe(
      '👨\u200d👩\u200d👧 \u200fشكرا e\u0301 \ufffd',
    );
  });
});

describe('escapeXml', () => {
  it("writes XML's five special characters as entities", () => {
    expect(escapeXml(`Tom & Jerry <3 "a" 'b'`)).toBe('Tom &amp; Jerry &lt;3 &quot;a&quot; &apos;b&apos;');
  });
});
