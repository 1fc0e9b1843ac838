import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { uploadImage } from '../../../lib/upload-image';
import { acceptImageFiles } from '../utils/attachment-rules';
import type { AttachmentList } from './use-attachment-list';

/** Attaches image files and uploads each at once; files that may not be attached are named in a toast. */
export function useImageUploads({ add, update, countSent }: AttachmentList) {
  return useCallback(
    (files: readonly File[]) => {
      const { accepted, problems } = acceptImageFiles(files, countSent());
      for (const problem of problems) toast.error(problem);
      for (const file of accepted) {
        const id = add('image', file.name || 'Image', URL.createObjectURL(file));
        uploadImage(file).then(
          (key) => update(id, { status: 'ready', key }),
          (error: unknown) => {
            toast.error(errorMessage(error));
            update(id, { status: 'error', error: 'Upload failed' });
          },
        );
      }
    },
    [add, update, countSent],
  );
}
