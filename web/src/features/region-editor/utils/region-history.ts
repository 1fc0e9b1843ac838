import type { Shape } from './shapes';

/**
 * What is painted, as the shapes that painted it in order, and how it came to be: `past` holds
 * earlier versions for Undo (newest last), `future` those Undo went back from, for Redo.
 */
export interface RegionState {
  shapes: Shape[];
  past: Shape[][];
  future: Shape[][];
}

export type RegionAction =
  /** Shapes drawn in one gesture (a stroke, a rectangle, a selection): one undo step. */
  { type: 'add'; shapes: Shape[] } | { type: 'clear' } | { type: 'undo' } | { type: 'redo' };

/** Undo reaches this many changes back. */
const HISTORY = 100;

export const initialRegionState: RegionState = { shapes: [], past: [], future: [] };

const changed = (state: RegionState, shapes: Shape[]): RegionState => ({
  shapes,
  past: [...state.past, state.shapes].slice(-HISTORY),
  future: [],
});

export function regionReducer(state: RegionState, action: RegionAction): RegionState {
  switch (action.type) {
    case 'add':
      return action.shapes.length ? changed(state, [...state.shapes, ...action.shapes]) : state;
    case 'clear':
      return state.shapes.length ? changed(state, []) : state;
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { shapes: previous, past: state.past.slice(0, -1), future: [state.shapes, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { shapes: next, past: [...state.past, state.shapes], future: rest };
    }
  }
}
