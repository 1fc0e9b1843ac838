import { describe, expect, it } from 'vitest';
import { descriptorDistance, type Face, judgeLikeness, likenessScore } from './likeness';

const box = { x0: 10, y0: 20, x1: 110, y1: 140 };
const face = (...descriptor: number[]): Face => ({ box, descriptor });

describe('likenessScore', () => {
  it('is 100 for the same face, 60 at 0.5 apart and 0 far apart', () => {
    expect(likenessScore(0)).toBe(100);
    expect(likenessScore(0.5)).toBe(60);
    expect(likenessScore(1.25)).toBe(0);
    expect(likenessScore(3)).toBe(0);
  });
});

describe('descriptorDistance', () => {
  it('is the straight-line distance', () => {
    expect(descriptorDistance([0, 0], [3, 4])).toBe(5);
  });
});

describe('judgeLikeness', () => {
  it('scores each person by the image face nearest the average of their photos', () => {
    const likeness = judgeLikeness(
      [face(1, 0), face(0, 0.3)],
      [
        { name: 'Ana', faces: [face(0, 0.2), face(0, 0.4)] },
        { name: 'Ben', faces: [face(0.4, 0)] },
      ],
    );
    expect(likeness.people).toEqual([
      { name: 'Ana', score: 100 },
      { name: 'Ben', score: 60 },
    ]);
    expect(likeness.faces).toEqual([box, box]);
  });

  it('says why a score cannot be given', () => {
    expect(judgeLikeness([], [{ name: 'Ana', faces: [face(0, 1)] }]).people).toEqual([
      { name: 'Ana', score: null, reason: 'no_face_in_image' },
    ]);
    expect(judgeLikeness([face(0, 1)], [{ name: 'Ana', faces: [] }]).people).toEqual([
      { name: 'Ana', score: null, reason: 'no_face_in_photos' },
    ]);
  });

  it('lists the faces found even when nobody was selected', () => {
    expect(judgeLikeness([face(0, 1)], [])).toEqual({ faces: [box], people: [] });
  });
});
