import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FontId } from '@thumbnail-studio/contract';
import { type FontStack, fontFiles, parseFontStack } from '@thumbnail-studio/typeset';
import { beforeAll, describe, expect, it } from 'vitest';
import { newLayer } from './layers-history';
import { saveProblem } from './save-problem';

const resolve = createRequire(import.meta.url).resolve;
let fonts: Map<FontId, FontStack>;

beforeAll(async () => {
  const files = await Promise.all(
    fontFiles('fira-sans-extra-condensed').map(
      async (file) => new Uint8Array(await readFile(resolve(file))).buffer,
    ),
  );
  fonts = new Map([['fira-sans-extra-condensed', await parseFontStack(files)]]);
});

describe('what Save checks before it sends', () => {
  it('passes layers the server will draw, accented, Cyrillic and Greek alike', () => {
    expect(saveProblem([{ ...newLayer('a'), text: 'CAFÉ ПРИВЕТ ΓΕΙΑ' }], fonts)).toBeNull();
  });

  it("names the problem in the contract's words: empty words, a box outside the frame", () => {
    expect(saveProblem([{ ...newLayer('a'), text: '  ' }], fonts)).toBe('A text layer needs some words');
    const outside = { ...newLayer('a'), box: { x: 1000, y: 0, width: 400, height: 100 } };
    expect(saveProblem([outside], fonts)).toBe('A text box must lie inside the 1280x720 frame');
  });

  it('names characters the font cannot draw', () => {
    expect(saveProblem([{ ...newLayer('a'), text: 'HI 漢' }], fonts)).toBe(
      'Fira Sans Extra Condensed cannot draw 漢',
    );
  });
});
