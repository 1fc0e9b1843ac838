import { Redo2, Undo2 } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useEffect, useReducer, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useEditText } from '../../../lib/edit-text';
import { useBrandKit } from '../../../lib/get-brand-kit';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { type EditableImage, useEditableImage } from '../api/get-editable-image';
import { useFontStacks } from '../api/load-font';
import { editorReducer, initialEditorState, LOGO_ID } from '../utils/layers-history';
import { saveProblem } from '../utils/save-problem';
import { LayerCanvas } from './layer-canvas';
import { LayerFields } from './layer-fields';
import { LayerList } from './layer-list';
import { LogoControls } from './logo-controls';

export interface TextEditorDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  messageId: string;
  /** Which image of the message (its variation). */
  imageIndex: number;
}

const HISTORY_BUTTONS = [
  { type: 'undo', name: 'Undo', Icon: Undo2 },
  { type: 'redo', name: 'Redo', Icon: Redo2 },
] as const;

const newLayerId = () => `layer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * 'Edit text': the image at full size with its text layers, to change their words, font, colours,
 * place and size, add and delete them, and undo. Save asks the server to draw them over the
 * image's base, as a new image in the chat (free); Cancel leaves everything as it was.
 */
export default function TextEditorDialog({
  open,
  onOpenChange,
  messageId,
  imageIndex,
}: TextEditorDialogProps) {
  const image = useEditableImage(messageId, imageIndex);
  const deselect = useRef<() => boolean>(() => false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit text"
      description="Drag the text or the logo to move it, pull its handles to resize it, and style the text beside the image. Saving adds the new version to the chat, free."
      className="max-w-6xl!"
      onEscapeKeyDown={(event) => {
        if (deselect.current()) event.preventDefault();
      }}
    >
      {image.data ? (
        <TextEditor
          image={image.data}
          messageId={messageId}
          imageIndex={imageIndex}
          onDone={() => onOpenChange(false)}
          deselect={deselect}
        />
      ) : image.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          {image.error.message}
        </p>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-zinc-300">
          <Spinner /> Opening the image…
        </p>
      )}
    </Dialog>
  );
}

interface TextEditorProps {
  image: EditableImage;
  messageId: string;
  imageIndex: number;
  onDone(): void;
  /** Escape deselects a layer before it closes the dialog: this answers whether it did. */
  deselect: RefObject<() => boolean>;
}

function TextEditor({ image, messageId, imageIndex, onDone, deselect }: TextEditorProps) {
  const [state, dispatch] = useReducer(editorReducer, image, initialEditorState);
  // New layers take the creator's brand kit style (the default look until it has loaded).
  const { data: kit } = useBrandKit();
  const fonts = useFontStacks(state.layers.map((layer) => layer.font));
  const base = useLoadedImage(image.baseUrl);
  const save = useEditText();
  const [problem, setProblem] = useState<string | null>(null);
  const selected = state.layers.find((layer) => layer.id === state.selected);

  const hasSelection = state.selected !== null;
  useEffect(() => {
    deselect.current = () => {
      if (hasSelection) dispatch({ type: 'select', id: null });
      return hasSelection;
    };
  }, [deselect, hasSelection]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
    event.preventDefault();
    dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
  };
  const onSave = () => {
    const refused = saveProblem(state.layers, fonts);
    setProblem(refused);
    if (refused) return;
    save.mutate(
      { messageId, image: imageIndex, layers: state.layers, logo: state.logo?.box ?? null },
      { onSuccess: onDone },
    );
  };
  const error = problem ?? (save.isError ? save.error.message : null);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z and Ctrl+Shift+Z anywhere in the editor
    <div className="mt-4 flex flex-col gap-3" onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label="Edit" className="flex items-center gap-1">
        {HISTORY_BUTTONS.map(({ type, name, Icon }) => (
          <Button
            key={type}
            size="sm"
            variant="ghost"
            onClick={() => dispatch({ type })}
            disabled={!(type === 'undo' ? state.past : state.future).length}
          >
            <Icon aria-hidden="true" className="size-4" /> {name}
          </Button>
        ))}
      </div>
      <div className="flex flex-col gap-4 lg:flex-row">
        <div className="min-w-0 flex-1">
          <LayerCanvas
            base={base.image}
            layers={state.layers}
            logo={state.logo}
            selected={state.selected}
            fonts={fonts}
            dispatch={dispatch}
          />
          {base.failed && <p className="mt-2 text-sm text-red-300">The image could not be loaded.</p>}
        </div>
        <aside aria-label="Text layers" className="flex flex-col gap-4 lg:w-72">
          <LayerList
            layers={state.layers}
            selected={state.selected}
            onSelect={(id) => dispatch({ type: 'select', id })}
            onAdd={() => dispatch({ type: 'add', id: newLayerId(), style: kit?.style })}
            onRemove={(id) => dispatch({ type: 'remove', id })}
          />
          <LogoControls
            logo={state.logo}
            selected={state.selected === LOGO_ID}
            kit={kit}
            onSelect={() => dispatch({ type: 'select', id: LOGO_ID })}
            onAdd={(logo) => dispatch({ type: 'add-logo', logo })}
            onRemove={() => dispatch({ type: 'remove-logo' })}
          />
          {selected && (
            <LayerFields
              key={selected.id}
              layer={selected}
              fonts={fonts.get(selected.font)}
              onChange={(patch) => dispatch({ type: 'edit', id: selected.id, patch })}
            />
          )}
        </aside>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={onSave} busy={save.isPending}>
          Save
        </Button>
      </div>
    </div>
  );
}
