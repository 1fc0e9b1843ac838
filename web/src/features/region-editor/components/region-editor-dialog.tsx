import { useMemo } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { RegionSendProps } from '../../../lib/region-send';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { useRegionImage } from '../api/get-region-image';
import { RegionEditor } from './region-editor';

export interface RegionEditorDialogProps extends RegionSendProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  messageId: string;
  /** Which image of the message (its variation). */
  imageIndex: number;
}

/**
 * 'Edit a region': the image at full size to paint the part to change on, and what to change
 * there. Sending adds the edit to the chat like any other; closing sends nothing.
 */
export default function RegionEditorDialog({
  open,
  onOpenChange,
  messageId,
  imageIndex,
  ...send
}: RegionEditorDialogProps) {
  const image = useRegionImage(messageId, imageIndex);
  const loaded = useLoadedImage(image.data?.url);
  const picture = loaded.image;
  const size = useMemo(
    () => picture && { width: picture.naturalWidth, height: picture.naturalHeight },
    [picture],
  );
  const failed = loaded.failed;
  const error = image.isError ? image.error.message : failed ? 'The image could not be loaded.' : null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit a region"
      description="Paint the part of the image to change, then say what should change there. Everything you did not paint stays exactly as it is."
      className="max-w-6xl!"
    >
      {image.data && size ? (
        <RegionEditor
          image={image.data}
          size={size}
          messageId={messageId}
          imageIndex={imageIndex}
          onDone={() => onOpenChange(false)}
          {...send}
        />
      ) : error ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          {error}
        </p>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-zinc-300">
          <Spinner /> Opening the image…
        </p>
      )}
    </Dialog>
  );
}
