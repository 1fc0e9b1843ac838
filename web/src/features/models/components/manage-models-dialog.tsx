import { MAX_MODELS_PER_MESSAGE, MODEL_TEXTS, type PersonModel } from '@thumbnail-studio/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteModel } from '../api/delete-model';
import { useModels } from '../api/get-models';
import { failureText } from '../utils/failure-text';
import { usageText } from '../utils/usage-text';
import { EditModelDialog } from './edit-model-dialog';
import { ModelThumbnail } from './model-thumbnail';
import { UploadModelDialog } from './upload-model-dialog';

interface ManageModelsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The people featured in the next messages now. */
  selectedIds: readonly string[];
  /** Apply: these people are featured from now on. */
  onApply(ids: string[]): void;
}

/** The creator's models: choose the people to feature, upload a new one, edit or delete one. */
export function ManageModelsDialog({ open, onOpenChange, selectedIds, onApply }: ManageModelsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Models"
      description="Choose the people to feature in your next thumbnails."
      className="max-w-2xl"
    >
      {/* Mounted only while open: every opening starts from the current selection. */}
      <ManageModels
        initialIds={selectedIds}
        onApply={(ids) => {
          onApply(ids);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}

function ManageModels({
  initialIds,
  onApply,
}: {
  initialIds: readonly string[];
  onApply(ids: string[]): void;
}) {
  const models = useModels();
  const deleteModel = useDeleteModel();
  const [checked, setChecked] = useState<string[]>(() => [...initialIds]);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PersonModel | null>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const list = models.data;
  // A model deleted meanwhile is no longer selected.
  const selected = list ? checked.filter((id) => list.some((model) => model.id === id)) : checked;
  const full = selected.length >= MAX_MODELS_PER_MESSAGE;

  const toggle = (id: string, on: boolean) =>
    setChecked((current) =>
      on ? [...current.filter((item) => item !== id), id] : current.filter((item) => item !== id),
    );

  return (
    <div className="mt-5 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-300">{selected.length} selected</p>
        <Button ref={uploadButton} variant="secondary" size="sm" onClick={() => setUploadOpen(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Upload New Model
        </Button>
      </div>

      <ModelListBody
        models={models}
        checked={selected}
        full={full}
        onToggle={toggle}
        onEdit={setEditingId}
        onDelete={setDeleting}
      />
      {full && (
        <p className="text-xs text-zinc-400">
          A message can feature at most {MAX_MODELS_PER_MESSAGE} people.
        </p>
      )}

      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-3 border-t border-zinc-800 bg-zinc-900 px-6 py-4">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={() => onApply(selected)}>Apply</Button>
      </div>

      <UploadModelDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        onUploaded={(model) => {
          // A model uploaded from here is most likely wanted next: it is selected, if there is room.
          if (!full) toggle(model.id, true);
        }}
      />
      <EditModelDialog modelId={editingId} onClose={() => setEditingId(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete model"
        question={MODEL_TEXTS.confirmDeleteModel}
        describeFailure={(error) => failureText(error, MODEL_TEXTS.deleteFailed)}
        fallbackFocus={uploadButton}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteModel.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}

interface ModelListBodyProps {
  models: ReturnType<typeof useModels>;
  checked: readonly string[];
  /** As many people as a message can feature are selected: no more can be. */
  full: boolean;
  onToggle(id: string, on: boolean): void;
  onEdit(id: string): void;
  onDelete(model: PersonModel): void;
}

function ModelListBody({ models, checked, full, onToggle, onEdit, onDelete }: ModelListBodyProps) {
  if (!models.data) {
    if (models.isError) {
      return (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-red-300">
            {failureText(models.error, MODEL_TEXTS.loadFailed)}
          </p>
          <Button variant="secondary" onClick={() => void models.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-300">
        <Spinner /> Loading models...
      </p>
    );
  }
  if (models.data.length === 0) {
    return (
      <p className="rounded-lg border border-zinc-800 px-4 py-6 text-center text-sm text-zinc-400">
        No models yet. Upload photos of a person to feature them in your thumbnails.
      </p>
    );
  }
  return (
    <ul aria-label="Your models" className="divide-y divide-zinc-800 border-y border-zinc-800">
      {models.data.map((model) => {
        const isChecked = checked.includes(model.id);
        return (
          <ModelRow
            key={model.id}
            model={model}
            checked={isChecked}
            disabled={full && !isChecked}
            onCheckedChange={(on) => onToggle(model.id, on)}
            onEdit={() => onEdit(model.id)}
            onDelete={() => onDelete(model)}
          />
        );
      })}
    </ul>
  );
}

interface ModelRowProps {
  model: PersonModel;
  checked: boolean;
  disabled: boolean;
  onCheckedChange(checked: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

function ModelRow({ model, checked, disabled, onCheckedChange, onEdit, onDelete }: ModelRowProps) {
  const id = useId();
  return (
    <li aria-label={model.name} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={`${id}-usage`}
        className="size-5 shrink-0 accent-accent-500"
      />
      <ModelThumbnail url={model.thumbnail_url ?? model.image_url} className="size-12 rounded-lg" />
      <div className="min-w-0 flex-1 basis-32">
        <label htmlFor={id} className="block cursor-pointer truncate font-medium text-zinc-50">
          {model.name}
        </label>
        <p id={`${id}-usage`} className="text-xs text-zinc-400">
          {usageText(model.usage_count)} · {model.images.length}{' '}
          {model.images.length === 1 ? 'photo' : 'photos'}
        </p>
      </div>
      <div className="ml-auto flex gap-1">
        <Button variant="ghost" size="sm" className="h-10" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" className="h-10 text-red-300 hover:text-red-200" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}
