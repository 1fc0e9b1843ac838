import { describe, expect, it } from 'vitest';
import { loadEmojiKeywords } from './assets';
import { indexKeywords } from './keywords';
import { planScene } from './scene';

const index = indexKeywords(await loadEmojiKeywords());
const plan = (prompt: string, hints = {}) => planScene(prompt, index, hints);
/** Hue distance on the colour wheel. */
const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('planning a scene from a prompt', () => {
  it('puts the named subject in the plan, as Twemoji’s file, on the right by default', () => {
    const scene = plan('A cat astronaut "SPACE CAT"');
    expect(scene.subjects[0]).toEqual({ word: 'cat', emoji: '🐈', codePoints: '1f408' });
    expect(scene).toMatchObject({ text: 'SPACE CAT', side: 'right', arrow: false, circle: false, zoom: 1 });
  });

  it('takes its colours from a colour word, else the references, else the prompt', () => {
    expect(hueGap(plan('a blue car').palette.from.h, 218)).toBeLessThan(30);
    expect(hueGap(plan('a red car').palette.from.h, 0)).toBeLessThan(30);
    expect(hueGap(plan('a car', { colour: { h: 120, s: 60, l: 40 } }).palette.from.h, 120)).toBeLessThan(30);
    expect(plan('a car').palette).toEqual(plan('a car').palette);
    expect(plan('a car').palette).not.toEqual(plan('a boat').palette);
  });

  it('honours mood words: dark and scary scenes are dark, happy ones light', () => {
    expect(plan('a scary haunted house at night').palette.from.l).toBeLessThan(20);
    expect(plan('a happy dog').palette.to.l).toBeGreaterThan(50);
  });

  it('colours the text when the prompt says so, not the scene', () => {
    const scene = plan('a dog, yellow text "WOOF"');
    expect(scene.textColour).not.toBe('#ffffff');
    expect(hueGap(scene.palette.from.h, 50)).toBeGreaterThan(0);
  });

  it('draws arrows and circles when asked, and never as subjects', () => {
    const scene = plan('a red arrow pointing at the cat, circle it');
    expect(scene).toMatchObject({ arrow: true, circle: true });
    expect(scene.subjects.map((s) => s.emoji)).toEqual(['🐈']);
  });

  it('puts the subject on the side the prompt or the references say', () => {
    expect(plan('a dog on the left').side).toBe('left');
    expect(plan('a dog', { side: 'left' }).side).toBe('left');
    expect(plan('a dog on the right', { side: 'left' }).side).toBe('right');
  });
});

describe('the variations of a scene', () => {
  it('changes side and palette of an open request, the same way for the same index', () => {
    const first = plan('A cat astronaut');
    const second = planScene('A cat astronaut', index, {}, 1);
    expect(second.side).not.toBe(first.side);
    expect(hueGap(second.palette.from.h, first.palette.from.h)).toBeGreaterThan(60);
    expect(planScene('A cat astronaut', index, {}, 1)).toEqual(second);
    expect(planScene('A cat astronaut', index, {}, 0)).toEqual(first);
  });

  it('keeps the colour and the side a prompt asks for, and differs in sizes instead', () => {
    const first = plan('A red car on the left');
    const [second, third] = [1, 2].map((variation) =>
      planScene('A red car on the left', index, {}, variation),
    );
    for (const other of [second, third]) {
      expect(other).toMatchObject({ side: 'left', palette: first.palette });
      expect(other?.subjectScale).not.toBe(first.subjectScale);
    }
    expect(second?.subjectScale).not.toBe(third?.subjectScale);
  });
});
