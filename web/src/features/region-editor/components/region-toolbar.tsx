import { Brush, Eraser, ImageMinus, RectangleHorizontal, Redo2, ScanFace, Trash2, Undo2 } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '../../../components/ui/button';
import type { PaintTool } from '../types';
import type { RegionAction, RegionState } from '../utils/region-history';

interface RegionToolbarProps {
  tool: PaintTool;
  onTool(tool: PaintTool): void;
  state: RegionState;
  dispatch: Dispatch<RegionAction>;
  /** Whether the likeness check found faces: the face and background selections need them. */
  hasFaces: boolean;
  onSelectFace(): void;
  onSelectBackground(): void;
}

const TOOLS = [
  { tool: 'brush', name: 'Brush', Icon: Brush },
  { tool: 'eraser', name: 'Eraser', Icon: Eraser },
  { tool: 'rectangle', name: 'Rectangle', Icon: RectangleHorizontal },
] as const;

const NO_FACES = 'No face was found in this image';

/** The slim bar above the image: the painting tools, the selections, undo, redo and clear. */
export function RegionToolbar({
  tool,
  onTool,
  state,
  dispatch,
  hasFaces,
  onSelectFace,
  onSelectBackground,
}: RegionToolbarProps) {
  return (
    <div role="toolbar" aria-label="Paint" className="flex flex-wrap items-center gap-1">
      {TOOLS.map(({ tool: each, name, Icon }) => (
        <Button
          key={each}
          size="sm"
          variant={tool === each ? 'primary' : 'ghost'}
          aria-pressed={tool === each}
          onClick={() => onTool(each)}
        >
          <Icon aria-hidden="true" className="size-4" /> {name}
        </Button>
      ))}
      <span aria-hidden="true" className="mx-1 hidden h-5 w-px bg-zinc-700 sm:block" />
      <Button
        size="sm"
        variant="ghost"
        disabled={!hasFaces}
        title={hasFaces ? undefined : NO_FACES}
        onClick={onSelectFace}
      >
        <ScanFace aria-hidden="true" className="size-4" /> Select the face
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!hasFaces}
        title={hasFaces ? undefined : NO_FACES}
        onClick={onSelectBackground}
      >
        <ImageMinus aria-hidden="true" className="size-4" /> Select the background
      </Button>
      <span aria-hidden="true" className="mx-1 hidden h-5 w-px bg-zinc-700 sm:block" />
      <Button
        size="sm"
        variant="ghost"
        disabled={!state.past.length}
        onClick={() => dispatch({ type: 'undo' })}
      >
        <Undo2 aria-hidden="true" className="size-4" /> Undo
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!state.future.length}
        onClick={() => dispatch({ type: 'redo' })}
      >
        <Redo2 aria-hidden="true" className="size-4" /> Redo
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!state.shapes.length}
        onClick={() => dispatch({ type: 'clear' })}
      >
        <Trash2 aria-hidden="true" className="size-4" /> Clear
      </Button>
    </div>
  );
}
