import { MAX_MODEL_IMAGES, MODEL_TEXTS } from '@thumbnail-studio/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { primaryFirst } from '../utils/primary-first';

export const NOT_AN_IMAGE_TEXT = 'Only image files can be added.';

export interface PhotoPick {
  id: string;
  file: File;
  /** An object URL of the file, for its preview. */
  previewUrl: string;
}

let nextId = 0;

/**
 * Photos picked for a new model, before anything is sent: previews, a chosen primary (the first photo
 * unless another is chosen), removal, and at most `limit` photos. `problem` says why files were left out.
 */
export function usePhotoPicks(limit = MAX_MODEL_IMAGES) {
  const [photos, setPhotos] = useState<PhotoPick[]>([]);
  const [chosenPrimary, setChosenPrimary] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef(photos);
  current.current = photos;

  // Previews are object URLs: they are let go with their photo, and all at once when the form goes.
  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const images = files.filter((file) => file.type.startsWith('image/'));
      const room = Math.max(0, limit - current.current.length);
      const taken = images.slice(0, room).map((file) => {
        nextId += 1;
        return { id: `photo-${nextId}`, file, previewUrl: URL.createObjectURL(file) };
      });
      setProblem(
        images.length > room
          ? MODEL_TEXTS.tooManyImages
          : images.length < files.length
            ? NOT_AN_IMAGE_TEXT
            : null,
      );
      if (taken.length > 0) setPhotos((list) => [...list, ...taken]);
    },
    [limit],
  );

  const remove = useCallback((id: string) => {
    const photo = current.current.find((item) => item.id === id);
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhotos((list) => list.filter((item) => item.id !== id));
    setProblem(null);
  }, []);

  const primaryId = photos.some((photo) => photo.id === chosenPrimary)
    ? chosenPrimary
    : (photos[0]?.id ?? null);

  return {
    photos,
    primaryId,
    problem,
    add,
    remove,
    setPrimary: setChosenPrimary,
    /** The files in the order to send them: the primary first. */
    filesToSend: () => primaryFirst(photos, primaryId).map((photo) => photo.file),
  };
}
