/**
 * Saves a blob under a file name. An `<a download>` on a cross-origin URL keeps the server's name,
 * so the bytes are saved from a same-origin object URL instead.
 */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the URL is no longer needed then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
