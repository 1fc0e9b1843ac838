import { type KeyboardEvent, useMemo, useReducer, useState } from 'react';
import type { RegionSendProps } from '../../../lib/region-send';
import type { RegionImage } from '../api/get-region-image';
import type { PaintTool } from '../types';
import { isPainted, maskDataUrl } from '../utils/mask-image';
import { initialRegionState, regionReducer } from '../utils/region-history';
import { backgroundShapes, faceShapes, type ImageSize } from '../utils/shapes';
import { BrushFields } from './brush-fields';
import { RegionCanvas } from './region-canvas';
import { RegionPrompt } from './region-prompt';
import { RegionToolbar } from './region-toolbar';

interface RegionEditorProps extends RegionSendProps {
  image: RegionImage;
  size: ImageSize;
  messageId: string;
  imageIndex: number;
  onDone(): void;
}

const KEYS_HELP_ID = 'region-keys-help';

/** Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes, except while typing, where they edit the text. */
function historyKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.target instanceof HTMLTextAreaElement) return null;
  const key = event.key.toLowerCase();
  if (key === 'y') return 'redo';
  if (key !== 'z') return null;
  return event.shiftKey ? 'redo' : 'undo';
}

/** The tools above, the image in the middle, the brush and the prompt beside it (below on a phone). */
export function RegionEditor({
  image,
  size,
  messageId,
  imageIndex,
  onDone,
  onSend,
  costText,
  busy,
}: RegionEditorProps) {
  const [state, dispatch] = useReducer(regionReducer, initialRegionState);
  const [tool, setTool] = useState<PaintTool>('brush');
  const [brushSize, setBrushSize] = useState(() => Math.round(size.width / 20));
  const [soft, setSoft] = useState(true);
  const painted = useMemo(() => isPainted(state.shapes, size), [state.shapes, size]);
  const hasFaces = image.faces.length > 0;

  const send = async (content: string) => {
    const mask = maskDataUrl(state.shapes, size);
    if (await onSend({ messageId, index: imageIndex, content, mask })) onDone();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z and Ctrl+Shift+Z anywhere in the editor
    <div
      className="mt-4 flex flex-col gap-3"
      onKeyDown={(event) => {
        const type = historyKey(event);
        if (!type) return;
        event.preventDefault();
        dispatch({ type });
      }}
    >
      <RegionToolbar
        tool={tool}
        onTool={setTool}
        state={state}
        dispatch={dispatch}
        hasFaces={hasFaces}
        onSelectFace={() => dispatch({ type: 'add', shapes: faceShapes(image.faces, size) })}
        onSelectBackground={() => dispatch({ type: 'add', shapes: backgroundShapes(image.faces, size) })}
      />
      <div className="flex flex-col gap-4 lg:flex-row">
        <div className="min-w-0 flex-1">
          <RegionCanvas
            imageUrl={image.url}
            size={size}
            shapes={state.shapes}
            tool={tool}
            brushSize={brushSize}
            soft={soft}
            onAdd={(shapes) => dispatch({ type: 'add', shapes })}
            keysHelpId={KEYS_HELP_ID}
          />
        </div>
        <aside aria-label="Brush and prompt" className="flex flex-col gap-4 lg:w-72">
          <BrushFields
            size={brushSize}
            onSize={setBrushSize}
            min={Math.max(2, Math.round(size.width / 160))}
            max={Math.round(size.width / 5)}
            soft={soft}
            onSoft={setSoft}
          />
          <p id={KEYS_HELP_ID} className="text-xs text-zinc-400">
            Keyboard: focus the image, then the arrows move a rectangle, Shift+arrows size it, Enter paints it
            and Delete erases it. Ctrl+Z undoes, Ctrl+Shift+Z redoes.
          </p>
          <RegionPrompt painted={painted} costText={costText} busy={busy} onSend={send} />
        </aside>
      </div>
    </div>
  );
}
