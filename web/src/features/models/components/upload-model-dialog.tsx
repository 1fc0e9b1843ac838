import {
  MAX_MODEL_IMAGES,
  MAX_MODEL_NAME_LENGTH,
  MODEL_TEXTS,
  type PersonModel,
} from '@thumbnail-studio/contract';
import { Star, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { useUploadModel } from '../api/upload-model';
import { usePhotoPicks } from '../hooks/use-photo-picks';
import { failureText } from '../utils/failure-text';
import { PhotoPicker } from './photo-picker';
import { PhotoTile } from './photo-tile';

interface UploadModelDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The model was saved; the dialog closes. */
  onUploaded?(model: PersonModel): void;
}

/** A new model: a name and photos of one person, one of them primary. */
export function UploadModelDialog({ open, onOpenChange, onUploaded }: UploadModelDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload New Model"
      description="Name the person and add clear photos of their face. The primary photo is used first."
      className="max-w-2xl"
    >
      {/* Mounted only while open: every opening starts with an empty form. */}
      <UploadModelForm
        onUploaded={(model) => {
          onOpenChange(false);
          onUploaded?.(model);
        }}
      />
    </Dialog>
  );
}

function UploadModelForm({ onUploaded }: { onUploaded(model: PersonModel): void }) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const picks = usePhotoPicks();
  const upload = useUploadModel();
  const busy = upload.isPending;
  // A second press before the button re-renders disabled must not save the model twice.
  const submitting = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    if (!name.trim() || picks.photos.length === 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    submitting.current = true;
    upload.mutate(
      { name, files: picks.filesToSend() },
      {
        onSuccess: onUploaded,
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const error = invalid
    ? MODEL_TEXTS.nameAndImageRequired
    : upload.isError
      ? failureText(upload.error, MODEL_TEXTS.uploadFailed, { serverText: true })
      : null;

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={nameId} className="text-sm font-medium text-zinc-200">
            Name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={MAX_MODEL_NAME_LENGTH}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setInvalid(false);
            }}
            className="h-10 rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-zinc-50 placeholder:text-zinc-500 focus:border-accent-500 focus:outline-none"
            placeholder="e.g. Alex"
          />
        </div>
        <PhotoPicker
          disabled={busy}
          onFiles={(files) => {
            picks.add(files);
            setInvalid(false);
          }}
          hint={`Up to ${MAX_MODEL_IMAGES} photos. Photos are resized in your browser before they are sent.`}
        >
          {picks.problem && (
            <p role="alert" className="text-sm text-amber-200">
              {picks.problem}
            </p>
          )}
          {picks.photos.length > 0 && (
            <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {picks.photos.map((photo, index) => {
                const isPrimary = photo.id === picks.primaryId;
                return (
                  <PhotoTile
                    key={photo.id}
                    label={`Photo ${index + 1}`}
                    src={photo.previewUrl}
                    alt={photo.file.name}
                    isPrimary={isPrimary}
                  >
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Set as primary"
                      title="Set as primary"
                      disabled={isPrimary}
                      onClick={() => picks.setPrimary(photo.id)}
                    >
                      <Star aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Remove photo"
                      title="Remove photo"
                      onClick={() => picks.remove(photo.id)}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </PhotoTile>
                );
              })}
            </ul>
          )}
        </PhotoPicker>
      </fieldset>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-600/50 bg-red-950 px-3 py-2 text-sm text-red-100"
        >
          {error}
        </p>
      )}
      {busy && (
        <p role="status" className="text-sm text-zinc-300">
          Uploading photos...
        </p>
      )}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-3 border-t border-zinc-800 bg-zinc-900 px-6 py-4">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={busy}>
          Upload
        </Button>
      </div>
    </form>
  );
}
