import { describe, expect, it } from 'vitest';
import { areaOf, judgeLegibility, locateWords, type ReadWord, sameWord, wordsToCheck } from './legibility';

/** A word read at `x`,`y` of the full-size frame (a 100x60 box there). */
const word = (text: string, x = 640, y = 360, confidence = 90): ReadWord => ({
  text,
  confidence,
  box: { x0: x - 50, y0: y - 30, x1: x + 50, y1: y + 30 },
});

describe('the words a legibility check looks for', () => {
  it('are the quoted text asked for, in capitals, punctuation dropped', () => {
    expect(wordsToCheck('A gamer shocked, text "Big win!" on the left', [word('NOISE')])).toEqual([
      'BIG',
      'WIN',
    ]);
  });

  it('are the words OCR is sure of when nothing is quoted; none when it is unsure or finds nothing', () => {
    expect(
      wordsToCheck('a cat on a sofa', [word('EPIC'), word('CAT'), word('epic'), word('zz', 0, 0, 40)]),
    ).toEqual(['EPIC', 'CAT']);
    expect(wordsToCheck('a cat on a sofa', [word('~', 0, 0, 95), word('gr', 0, 0, 30)])).toEqual([]);
  });
});

describe('judging legibility', () => {
  it('reads at every size when each reading finds the words, one letter in four may differ', () => {
    const verdict = judgeLegibility(
      ['GAME', 'OVER'],
      [
        [word('GAME'), word('OVER')],
        [word('GAME'), word('0VER')],
        [word('GAME'), word('OVER.')],
      ],
    );
    expect(verdict).toEqual({
      text: 'GAME OVER',
      sizes: [
        { width: 1280, height: 720, reads: true },
        { width: 246, height: 138, reads: true },
        { width: 168, height: 94, reads: true },
      ],
      reads_at_feed_size: true,
      hard_to_read: [],
      boxes: [word('GAME').box, word('OVER').box],
    });
  });

  it('keeps where each word sits at full size, so a preview can tell what its badges cover', () => {
    const corner = word('LATE', 1200, 690);
    const verdict = judgeLegibility(['LATE', 'NIGHT', 'GONE'], [[word('NIGHT', 300, 100), corner], [], []]);
    expect(verdict.boxes).toEqual([corner.box, word('NIGHT', 300, 100).box]);
  });

  it('names the areas of the words lost at a feed size', () => {
    const verdict = judgeLegibility(
      ['HUGE', 'SECRET', 'REVEALED'],
      [
        [word('HUGE', 200, 100), word('SECRET', 640, 360), word('REVEALED', 1100, 650)],
        [word('HUGE'), word('SECRET')],
        [word('HUGE')],
      ],
    );
    expect(verdict.sizes.map((size) => size.reads)).toEqual([true, false, false]);
    expect(verdict.reads_at_feed_size).toBe(false);
    expect(verdict.hard_to_read).toEqual(['centre', 'bottom right']);
  });

  it('says nothing reads when the text asked for is missing even at full size', () => {
    const verdict = judgeLegibility(['TOP', '10'], [[word('TQP')], [], []]);
    expect(verdict.sizes.every((size) => !size.reads)).toBe(true);
    expect(verdict.hard_to_read).toEqual([]);
  });

  it('has no text when there is nothing to check', () => {
    expect(judgeLegibility([], [[], [], []])).toEqual({
      text: '',
      sizes: [],
      reads_at_feed_size: true,
      hard_to_read: [],
      boxes: [],
    });
  });
});

describe('sameWord', () => {
  it.each([
    ['REVEALED', 'REVEA1ED', true],
    ['WIN', 'W1N', false],
    ['BIG', 'BIGIWIN', true],
    ['WIN', 'BIGIWIN', true],
    ['GO', 'GOAT', false],
  ])('%s in %s: %s', (expected, read, same) => {
    expect(sameWord(expected, read)).toBe(same);
  });
});

describe('locateWords', () => {
  it('places each word at the first matching word read at full size, or nowhere', () => {
    const read = [word('NOISE', 10, 10), word('REVEA1ED', 300, 300), word('BIG', 100, 100)];
    expect(locateWords(['BIG', 'REVEALED', 'LOST'], read)).toEqual([read[2]?.box, read[1]?.box, undefined]);
  });
});

describe('areaOf', () => {
  it.each([
    [{ x0: 0, y0: 0, x1: 100, y1: 100 }, 'top left'],
    [{ x0: 600, y0: 0, x1: 700, y1: 100 }, 'top'],
    [{ x0: 600, y0: 300, x1: 700, y1: 400 }, 'centre'],
    [{ x0: 1200, y0: 300, x1: 1280, y1: 400 }, 'right'],
    [{ x0: 0, y0: 650, x1: 100, y1: 720 }, 'bottom left'],
  ])('%j is %s', (box, area) => {
    expect(areaOf(box, 1280, 720)).toBe(area);
  });
});
