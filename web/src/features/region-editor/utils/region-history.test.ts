import { describe, expect, it } from 'vitest';
import { initialRegionState, type RegionState, regionReducer } from './region-history';
import type { RectShape } from './shapes';

const rect = (x: number): RectShape => ({
  kind: 'rect',
  mode: 'paint',
  box: { x, y: 0, width: 4, height: 4 },
});

const run = (...actions: Parameters<typeof regionReducer>[1][]): RegionState =>
  actions.reduce(regionReducer, initialRegionState);

describe("the painted area's history", () => {
  it('each gesture is one undo step, and redo brings it back', () => {
    const painted = run({ type: 'add', shapes: [rect(1)] }, { type: 'add', shapes: [rect(2), rect(3)] });
    expect(painted.shapes).toEqual([rect(1), rect(2), rect(3)]);
    const undone = regionReducer(painted, { type: 'undo' });
    expect(undone.shapes).toEqual([rect(1)]);
    const emptied = regionReducer(undone, { type: 'undo' });
    expect(emptied.shapes).toEqual([]);
    expect(regionReducer(emptied, { type: 'undo' })).toBe(emptied);
    expect(regionReducer(regionReducer(emptied, { type: 'redo' }), { type: 'redo' }).shapes).toEqual(
      painted.shapes,
    );
  });

  it('a new gesture after undo drops what redo would have brought back', () => {
    const state = run(
      { type: 'add', shapes: [rect(1)] },
      { type: 'undo' },
      { type: 'add', shapes: [rect(5)] },
    );
    expect(state.shapes).toEqual([rect(5)]);
    expect(state.future).toEqual([]);
    expect(regionReducer(state, { type: 'redo' })).toBe(state);
  });

  it('clear is undone like any change', () => {
    const cleared = run({ type: 'add', shapes: [rect(1)] }, { type: 'clear' });
    expect(cleared.shapes).toEqual([]);
    expect(regionReducer(cleared, { type: 'undo' }).shapes).toEqual([rect(1)]);
  });

  it('clearing nothing and adding nothing change nothing', () => {
    expect(run({ type: 'clear' })).toBe(initialRegionState);
    expect(run({ type: 'add', shapes: [] })).toBe(initialRegionState);
  });
});
