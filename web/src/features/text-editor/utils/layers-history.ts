import {
  type BrandTextStyle,
  DEFAULT_FONT,
  LAYER_TEXT_AREA,
  type LayerBox,
  MAX_LAYER_TEXT,
  MAX_TEXT_LAYERS,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { outlineWidthFor, styledLook } from '@thumbnail-studio/typeset';

/**
 * The layers being edited and how they came to be: `past` holds earlier versions for Undo, the
 * newest last. `selected` is the layer the panel and the handles act on.
 */
export interface EditorState {
  layers: TextLayer[];
  past: TextLayer[][];
  future: TextLayer[][];
  selected: string | null;
  /** The gesture or field the last change came from: another change from it joins the same undo step. */
  lastChange: string | null;
}

export type EditorAction =
  | { type: 'add'; id: string; style?: BrandTextStyle }
  | { type: 'edit'; id: string; patch: Partial<Omit<TextLayer, 'id' | 'box'>> }
  | { type: 'move'; id: string; x: number; y: number }
  | { type: 'resize'; id: string; box: LayerBox; gesture: string }
  | { type: 'remove'; id: string }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

/** Undo reaches this many changes back. */
const HISTORY = 100;

/** The layers an image opens with, nothing selected and nothing to undo. */
export const initialEditorState = (layers: readonly TextLayer[]): EditorState => ({
  layers: [...layers],
  past: [],
  future: [],
  selected: layers[0]?.id ?? null,
  lastChange: null,
});

/**
 * A new layer where a new image's text goes: in the creator's brand kit `style` when there is one
 * (its outline never thinner than reads at feed size), else white, outlined in black, in the
 * default font.
 */
export const newLayer = (id: string, style?: BrandTextStyle): TextLayer => {
  const size = 96;
  const outline = { colour: '#000000', width: outlineWidthFor(size) };
  return {
    id,
    text: 'Your text',
    font: DEFAULT_FONT,
    size,
    colour: '#ffffff',
    outline,
    shadow: true,
    ...(style && styledLook(style, size)),
    align: 'left',
    box: { ...LAYER_TEXT_AREA.box },
  };
};

/** Whether another layer may be added. */
export const canAddLayer = (state: EditorState) => state.layers.length < MAX_TEXT_LAYERS;

/** Replaces the layers as one undo step, or as part of the last one when `change` continues it. */
function commit(state: EditorState, layers: TextLayer[], change: string | null): EditorState {
  const joins = change !== null && change === state.lastChange;
  return {
    ...state,
    layers,
    past: joins ? state.past : [...state.past, state.layers].slice(-HISTORY),
    future: [],
    lastChange: change,
  };
}

const update = (layers: TextLayer[], id: string, change: (layer: TextLayer) => TextLayer) =>
  layers.map((layer) => (layer.id === id ? change(layer) : layer));

/** The editor's changes to the layers, each undoable; words past the limit are cut, a sixth layer refused. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'add': {
      if (!canAddLayer(state)) return state;
      const next = commit(state, [...state.layers, newLayer(action.id, action.style)], null);
      return { ...next, selected: action.id };
    }
    case 'edit': {
      const patch =
        action.patch.text === undefined
          ? action.patch
          : { ...action.patch, text: action.patch.text.slice(0, MAX_LAYER_TEXT) };
      const field = Object.keys(patch).join();
      return commit(
        state,
        update(state.layers, action.id, (layer) => ({ ...layer, ...patch })),
        `${action.id}:${field}`,
      );
    }
    case 'move':
      return commit(
        state,
        update(state.layers, action.id, (layer) => ({
          ...layer,
          box: { ...layer.box, x: action.x, y: action.y },
        })),
        null,
      );
    case 'resize':
      return commit(
        state,
        update(state.layers, action.id, (layer) => ({ ...layer, box: action.box })),
        action.gesture,
      );
    case 'remove': {
      const next = commit(
        state,
        state.layers.filter((layer) => layer.id !== action.id),
        null,
      );
      return { ...next, selected: state.selected === action.id ? null : state.selected };
    }
    case 'select':
      return { ...state, selected: action.id, lastChange: null };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        layers: previous,
        past: state.past.slice(0, -1),
        future: [state.layers, ...state.future],
        lastChange: null,
        selected: keepSelection(previous, state.selected),
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        ...state,
        layers: next,
        past: [...state.past, state.layers],
        future: rest,
        lastChange: null,
        selected: keepSelection(next, state.selected),
      };
    }
  }
}

const keepSelection = (layers: readonly TextLayer[], selected: string | null) =>
  layers.some((layer) => layer.id === selected) ? selected : null;
