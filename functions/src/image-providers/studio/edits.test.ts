import { describe, expect, it } from 'vitest';
import { loadEmojiKeywords } from './assets';
import { applyEdit, parseEdit } from './edits';
import { indexKeywords } from './keywords';
import { planScene } from './scene';

const index = indexKeywords(await loadEmojiKeywords());
const base = planScene('A cat and a dog "HELLO"', index);
const edit = (request: string, plan = base) => applyEdit(plan, parseEdit(request), index);

describe('reading an edit request', () => {
  it('reads brightness, saturation and grey from plain words', () => {
    expect(parseEdit('make it brighter')).toMatchObject({ brightness: 1.3, grayscale: false });
    expect(parseEdit('darker and more vibrant')).toMatchObject({ brightness: 0.7, saturation: 1.5 });
    expect(parseEdit('grayscale')).toMatchObject({ brightness: 1, grayscale: true });
  });

  it('tells the text apart from the subject', () => {
    expect(parseEdit('make the text bigger')).toMatchObject({ textScale: 1.3, subjectScale: 1 });
    expect(parseEdit('bigger cat')).toMatchObject({ textScale: 1, subjectScale: 1.3 });
    expect(parseEdit('make the title yellow').textColour).toBeDefined();
    expect(parseEdit('make the background yellow').colour).toBeDefined();
  });
});

describe('applying an edit to a scene', () => {
  it('removes a subject by its word or another word its emoji is known by', () => {
    expect(edit('remove the cat').subjects.map((s) => s.emoji)).toEqual(['🐕']);
    expect(edit('without the doggo').subjects.map((s) => s.emoji)).toEqual(['🐈']);
  });

  it('removes and adds text, arrows and circles', () => {
    expect(edit('remove the text').text).toBeUndefined();
    expect(edit('say "BYE" instead').text).toBe('BYE');
    const marked = edit('add an arrow and circle it');
    expect(marked).toMatchObject({ arrow: true, circle: true });
    expect(edit('remove the arrow', marked)).toMatchObject({ arrow: false, circle: true });
  });

  it('changes colour, zoom and sizes, and accumulates over edits', () => {
    expect(edit('make it blue').palette).not.toEqual(base.palette);
    expect(edit('another colour').palette.from.h).not.toBe(base.palette.from.h);
    expect(edit('zoom in').zoom).toBeGreaterThan(1);
    expect(edit('bigger text').textScale).toBeGreaterThan(1);
    expect(edit('brighter', edit('brighter')).adjust.brightness).toBeCloseTo(1.69);
    expect(edit('add a rocket').subjects.map((s) => s.emoji)).toContain('🚀');
    expect(edit('put it on the left').side).toBe('left');
  });
});
