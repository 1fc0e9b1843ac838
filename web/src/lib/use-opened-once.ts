import { useState } from 'react';

/**
 * True from the first time `open` is true on. A lazily loaded dialog is mounted only then, so its
 * code loads on first use and it stays mounted afterwards for its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
