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

const Separator = () => <span aria-hidden="true" className="mx-1 hidden h-5 w-px bg-zinc-700 sm:block" />;

/** The slim bar above the image: the painting tools, the selections, undo, redo and clear. */
export function RegionToolbar(props: RegionToolbarProps) {
  const { tool, onTool, state, dispatch, hasFaces } = props;
  const actions = [
    { name: 'Select the face', Icon: ScanFace, run: props.onSelectFace, off: !hasFaces },
    { name: 'Select the background', Icon: ImageMinus, run: props.onSelectBackground, off: !hasFaces },
    { name: 'Undo', Icon: Undo2, run: () => dispatch({ type: 'undo' }), off: !state.past.length },
    { name: 'Redo', Icon: Redo2, run: () => dispatch({ type: 'redo' }), off: !state.future.length },
    { name: 'Clear', Icon: Trash2, run: () => dispatch({ type: 'clear' }), off: !state.shapes.length },
  ];
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
      {actions.map(({ name, Icon, run, off }, index) => (
        <span key={name} className="contents">
          {(index === 0 || index === 2) && <Separator />}
          <Button
            size="sm"
            variant="ghost"
            disabled={off}
            // Only the face selections say why they are off: no face was found.
            title={off && index < 2 ? NO_FACES : undefined}
            onClick={run}
          >
            <Icon aria-hidden="true" className="size-4" /> {name}
          </Button>
        </span>
      ))}
    </div>
  );
}
