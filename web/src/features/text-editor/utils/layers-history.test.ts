import { LAYER_TEXT_AREA, MAX_LAYER_TEXT, MAX_TEXT_LAYERS, type TextLayer } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  LOGO_ID,
  newLayer,
} from './layers-history';

const layer = (id: string, overrides: Partial<TextLayer> = {}): TextLayer => ({
  ...newLayer(id),
  ...overrides,
});
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('the text editor’s layers', () => {
  it('adds a white, outlined layer where new text goes, and selects it', () => {
    const state = run(initialEditorState({ layers: [], logo: null }), { type: 'add', id: 'a' });
    expect(state.layers).toEqual([
      expect.objectContaining({
        id: 'a',
        colour: '#ffffff',
        outline: { colour: '#000000', width: 10 },
        box: LAYER_TEXT_AREA.box,
      }),
    ]);
    expect(state.selected).toBe('a');
  });

  it("adds a layer in the brand kit's style", () => {
    const style = { font: 'oi', colour: '#ff0044', outline: null, shadow: false } as const;
    const [added] = run(initialEditorState({ layers: [], logo: null }), {
      type: 'add',
      id: 'a',
      style,
    }).layers;
    expect(added).toMatchObject({ ...style, box: LAYER_TEXT_AREA.box });
  });

  it('refuses a layer past the limit and cuts words past theirs', () => {
    const full = initialEditorState({
      layers: Array.from({ length: MAX_TEXT_LAYERS }, (_, i) => layer(`l${i}`)),
      logo: null,
    });
    expect(run(full, { type: 'add', id: 'more' })).toBe(full);
    const long = run(full, { type: 'edit', id: 'l0', patch: { text: 'x'.repeat(MAX_LAYER_TEXT + 10) } });
    expect(long.layers[0]?.text).toHaveLength(MAX_LAYER_TEXT);
  });

  it('edits, moves and deletes one layer, leaving the others as they were', () => {
    const start = initialEditorState({ layers: [layer('a'), layer('b')], logo: null });
    const state = run(
      start,
      { type: 'edit', id: 'a', patch: { text: 'HELLO', font: 'oi', colour: '#ff0000' } },
      { type: 'move', id: 'a', x: 100, y: 50 },
      { type: 'remove', id: 'b' },
    );
    expect(state.layers).toEqual([
      {
        ...layer('a'),
        text: 'HELLO',
        font: 'oi',
        colour: '#ff0000',
        box: { ...layer('a').box, x: 100, y: 50 },
      },
    ]);
  });

  it('undoes one change at a time, typing in a field as one change, and redoes', () => {
    const start = initialEditorState({ layers: [layer('a', { text: '' })], logo: null });
    const typed = run(
      start,
      ...[...'HEY'].map(
        (_, i): EditorAction => ({ type: 'edit', id: 'a', patch: { text: 'HEY'.slice(0, i + 1) } }),
      ),
      { type: 'move', id: 'a', x: 10, y: 20 },
    );
    const once = run(typed, { type: 'undo' });
    expect(once.layers[0]).toMatchObject({ text: 'HEY', box: { x: LAYER_TEXT_AREA.box.x } });
    const twice = run(once, { type: 'undo' });
    expect(twice.layers[0]?.text).toBe('');
    expect(run(twice, { type: 'undo' })).toBe(twice);
    expect(run(twice, { type: 'redo' }, { type: 'redo' }).layers).toEqual(typed.layers);
  });

  it('undoes a delete, and a resize gesture in one step', () => {
    const start = initialEditorState({ layers: [layer('a')], logo: null });
    const box = (width: number) => ({ x: 64, y: 72, width, height: 200 });
    const resized = run(
      start,
      { type: 'resize', id: 'a', box: box(500), gesture: 'g1' },
      { type: 'resize', id: 'a', box: box(400), gesture: 'g1' },
    );
    expect(run(resized, { type: 'undo' }).layers).toEqual(start.layers);
    const deleted = run(start, { type: 'remove', id: 'a' });
    expect(deleted).toMatchObject({ layers: [], selected: null });
    expect(run(deleted, { type: 'undo' }).layers).toEqual(start.layers);
  });

  it('moves, resizes and removes the logo layer, each undoable, and adds a kit logo to an image without one', () => {
    const logo = { url: 'https://storage.test/logo.png', box: { x: 960, y: 36, width: 256, height: 256 } };
    const start = initialEditorState({ layers: [layer('a')], logo });
    const moved = run(start, { type: 'move-logo', x: 64, y: 400 });
    expect(moved.logo).toEqual({ ...logo, box: { ...logo.box, x: 64, y: 400 } });
    const resized = run(
      moved,
      { type: 'resize-logo', box: { x: 64, y: 400, width: 200, height: 200 }, gesture: 'g' },
      { type: 'resize-logo', box: { x: 64, y: 400, width: 150, height: 150 }, gesture: 'g' },
    );
    expect(resized.logo?.box).toEqual({ x: 64, y: 400, width: 150, height: 150 });
    expect(run(resized, { type: 'undo' }).logo).toEqual(moved.logo);
    const removed = run({ ...resized, selected: LOGO_ID }, { type: 'remove-logo' });
    expect(removed).toMatchObject({ logo: null, selected: null, layers: start.layers });
    expect(run(removed, { type: 'undo' }).logo).toEqual(resized.logo);

    const bare = initialEditorState({ layers: [], logo: null });
    const added = run(bare, { type: 'add-logo', logo });
    expect(added).toMatchObject({ logo, selected: LOGO_ID });
    expect(run(added, { type: 'add-logo', logo: { ...logo, url: 'other' } })).toBe(added);
    expect(run(added, { type: 'undo' })).toMatchObject({ logo: null, selected: null });
  });
});
