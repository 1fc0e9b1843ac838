import {
  type BrandTextStyle,
  DEFAULT_FONT,
  LAYER_TEXT_AREA,
  type LayerBox,
  type LogoLayer,
  MAX_LAYER_TEXT,
  MAX_TEXT_LAYERS,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { outlineWidthFor, styledLook } from '@thumbnail-studio/typeset';

/** What the editor edits: the text layers and the logo layer (its picture's URL and its box). */
export interface EditorLayers {
  layers: TextLayer[];
  logo: LogoLayer | null;
}

/**
 * The layers being edited and how they came to be: `past` holds earlier versions for Undo, the
 * newest last. `selected` is the layer the panel and the handles act on (`LOGO_ID` for the logo).
 */
export interface EditorState extends EditorLayers {
  past: EditorLayers[];
  future: EditorLayers[];
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
  /** Puts a logo (a brand kit's) on an image that has none. */
  | { type: 'add-logo'; logo: LogoLayer }
  | { type: 'move-logo'; x: number; y: number }
  | { type: 'resize-logo'; box: LayerBox; gesture: string }
  | { type: 'remove-logo' }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

/** Undo reaches this many changes back. */
const HISTORY = 100;

/** How the editor names the logo layer where it names a selected layer. */
export const LOGO_ID = '#logo';

/** The layers an image opens with, its first text layer selected and nothing to undo. */
export const initialEditorState = ({ layers, logo }: EditorLayers): EditorState => ({
  layers: [...layers],
  logo,
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

const snapshot = ({ layers, logo }: EditorLayers): EditorLayers => ({ layers, logo });

/**
 * Replaces the text layers or the logo as one undo step, or as part of the last one when `change`
 * continues it.
 */
function commit(state: EditorState, next: Partial<EditorLayers>, change: string | null): EditorState {
  const joins = change !== null && change === state.lastChange;
  return {
    ...state,
    ...next,
    past: joins ? state.past : [...state.past, snapshot(state)].slice(-HISTORY),
    future: [],
    lastChange: change,
  };
}

const withLogoBox = (logo: LogoLayer | null, box: Partial<LayerBox>) =>
  logo && { ...logo, box: { ...logo.box, ...box } };

const update = (layers: TextLayer[], id: string, change: (layer: TextLayer) => TextLayer) =>
  layers.map((layer) => (layer.id === id ? change(layer) : layer));

/** The editor's changes to the layers, each undoable; words past the limit are cut, a sixth layer refused. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'add': {
      if (!canAddLayer(state)) return state;
      const next = commit(state, { layers: [...state.layers, newLayer(action.id, action.style)] }, null);
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
        { layers: update(state.layers, action.id, (layer) => ({ ...layer, ...patch })) },
        `${action.id}:${field}`,
      );
    }
    case 'move':
      return commit(
        state,
        {
          layers: update(state.layers, action.id, (layer) => ({
            ...layer,
            box: { ...layer.box, x: action.x, y: action.y },
          })),
        },
        null,
      );
    case 'resize':
      return commit(
        state,
        { layers: update(state.layers, action.id, (layer) => ({ ...layer, box: action.box })) },
        action.gesture,
      );
    case 'remove': {
      const next = commit(state, { layers: state.layers.filter((layer) => layer.id !== action.id) }, null);
      return { ...next, selected: state.selected === action.id ? null : state.selected };
    }
    case 'add-logo':
      return state.logo ? state : { ...commit(state, { logo: action.logo }, null), selected: LOGO_ID };
    case 'move-logo':
      return commit(state, { logo: withLogoBox(state.logo, { x: action.x, y: action.y }) }, null);
    case 'resize-logo':
      return commit(state, { logo: withLogoBox(state.logo, action.box) }, action.gesture);
    case 'remove-logo': {
      const next = commit(state, { logo: null }, null);
      return { ...next, selected: state.selected === LOGO_ID ? null : state.selected };
    }
    case 'select':
      return { ...state, selected: action.id, lastChange: null };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        ...previous,
        past: state.past.slice(0, -1),
        future: [snapshot(state), ...state.future],
        lastChange: null,
        selected: keepSelection(previous, state.selected),
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        ...state,
        ...next,
        past: [...state.past, snapshot(state)],
        future: rest,
        lastChange: null,
        selected: keepSelection(next, state.selected),
      };
    }
  }
}

const keepSelection = ({ layers, logo }: EditorLayers, selected: string | null) =>
  (selected === LOGO_ID && logo) || layers.some((layer) => layer.id === selected) ? selected : null;
