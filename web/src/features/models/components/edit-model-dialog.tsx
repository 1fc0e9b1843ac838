import {
  MAX_MODEL_IMAGES,
  MAX_MODEL_NAME_LENGTH,
  MODEL_TEXTS,
  type PersonModel,
} from '@thumbnail-studio/contract';
import { Star, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAddModelImages } from '../api/add-model-images';
import { useDeleteModelImage } from '../api/delete-model-image';
import { useModels } from '../api/get-models';
import { useSetPrimaryModelImage } from '../api/set-primary-model-image';
import { useUpdateModel } from '../api/update-model';
import { NOT_AN_IMAGE_TEXT } from '../hooks/use-photo-picks';
import { failureText } from '../utils/failure-text';
import { PhotoPicker } from './photo-picker';
import { PhotoTile } from './photo-tile';

interface EditModelDialogProps {
  /** The model being edited; null while closed. */
  modelId: string | null;
  onClose(): void;
}

/** Rename a model, add photos, choose its primary photo and delete photos. */
export function EditModelDialog({ modelId, onClose }: EditModelDialogProps) {
  return (
    <Dialog
      open={modelId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit Model"
      className="max-w-2xl"
    >
      {modelId !== null && <EditModel modelId={modelId} />}
    </Dialog>
  );
}

function EditModel({ modelId }: { modelId: string }) {
  const models = useModels();
  const model = models.data?.find((item) => item.id === modelId);
  if (!model) {
    return models.isPending ? (
      <p role="status" className="mt-5 flex items-center gap-2 text-sm text-zinc-300">
        <Spinner /> Loading model...
      </p>
    ) : (
      <p role="alert" className="mt-5 text-sm text-red-300">
        {MODEL_TEXTS.modelNotFound}
      </p>
    );
  }
  return (
    <div className="mt-5 flex flex-col gap-6">
      <RenameForm model={model} />
      <ModelPhotos model={model} />
    </div>
  );
}

function RenameForm({ model }: { model: PersonModel }) {
  const nameId = useId();
  const [name, setName] = useState(model.name);
  const update = useUpdateModel();
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || trimmed === model.name || update.isPending) return;
    update.mutate({ modelId: model.id, name: trimmed });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={nameId} className="text-sm font-medium text-zinc-200">
        Name
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={nameId}
          value={name}
          required
          maxLength={MAX_MODEL_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={!trimmed || undefined}
          onChange={(event) => {
            setName(event.target.value);
            update.reset();
          }}
          className="h-10 min-w-0 flex-1 basis-48 rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-zinc-50 focus:border-accent-500 focus:outline-none"
        />
        <Button
          type="submit"
          variant="secondary"
          busy={update.isPending}
          disabled={!trimmed || trimmed === model.name}
        >
          Save name
        </Button>
      </div>
      {!trimmed && <p className="text-xs text-zinc-400">A name is required.</p>}
      {update.isError && (
        <p role="alert" className="text-sm text-red-300">
          {failureText(update.error, MODEL_TEXTS.updateNameFailed)}
        </p>
      )}
      {update.isSuccess && (
        <p role="status" className="text-sm text-emerald-300">
          Name saved.
        </p>
      )}
    </form>
  );
}

function ModelPhotos({ model }: { model: PersonModel }) {
  const addImages = useAddModelImages();
  const setPrimary = useSetPrimaryModelImage();
  const deleteImage = useDeleteModelImage();
  const [error, setError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // After a photo is deleted its button is gone: focus goes to the photos' heading instead.
  const heading = useRef<HTMLHeadingElement>(null);
  const onlyOne = model.images.length <= 1;

  const add = (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) {
      if (files.length > 0) setError(NOT_AN_IMAGE_TEXT);
      return;
    }
    if (model.images.length + images.length > MAX_MODEL_IMAGES) {
      setError(MODEL_TEXTS.tooManyImages);
      return;
    }
    setError(images.length < files.length ? NOT_AN_IMAGE_TEXT : null);
    addImages.mutate(
      { modelId: model.id, files: images },
      { onError: (caught) => setError(failureText(caught, MODEL_TEXTS.addImagesFailed)) },
    );
  };

  const makePrimary = (imageId: string) => {
    setError(null);
    setPrimary.mutate(
      { modelId: model.id, imageId },
      { onError: (caught) => setError(failureText(caught, MODEL_TEXTS.setPrimaryFailed)) },
    );
  };

  return (
    <section aria-labelledby={`${model.id}-photos`} className="flex flex-col gap-2">
      <h3 ref={heading} id={`${model.id}-photos`} tabIndex={-1} className="text-sm font-medium text-zinc-200">
        Photos
      </h3>
      <PhotoPicker
        onFiles={add}
        disabled={addImages.isPending}
        hint={`${model.images.length} of ${MAX_MODEL_IMAGES} photos.`}
      >
        {addImages.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-300">
            <Spinner /> Adding photos...
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        )}
        <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {model.images.map((image, index) => (
            <PhotoTile
              key={image.id}
              label={`Photo ${index + 1}`}
              src={image.thumbnail_url || image.image_url}
              alt={`${model.name}, photo ${index + 1}`}
              isPrimary={image.is_primary}
            >
              <Button
                variant="ghost"
                size="icon"
                aria-label="Set as primary"
                title="Set as primary"
                disabled={image.is_primary || setPrimary.isPending}
                busy={setPrimary.isPending && setPrimary.variables?.imageId === image.id}
                onClick={() => makePrimary(image.id)}
              >
                {!(setPrimary.isPending && setPrimary.variables?.imageId === image.id) && (
                  <Star aria-hidden="true" className="size-4" />
                )}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Delete image"
                title={onlyOne ? 'A model needs at least one photo' : 'Delete image'}
                disabled={onlyOne}
                onClick={() => {
                  setError(null);
                  setDeletingId(image.id);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </PhotoTile>
          ))}
        </ul>
      </PhotoPicker>
      <ConfirmDeleteDialog
        open={deletingId !== null}
        title="Delete image"
        question={MODEL_TEXTS.confirmDeleteImage}
        describeFailure={(error) => failureText(error, MODEL_TEXTS.deleteImageFailed)}
        fallbackFocus={heading}
        onCancel={() => setDeletingId(null)}
        onConfirm={async () => {
          if (deletingId === null) return;
          await deleteImage.mutateAsync({ modelId: model.id, imageId: deletingId });
          setDeletingId(null);
        }}
      />
    </section>
  );
}
