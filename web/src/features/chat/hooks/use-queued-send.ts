import { useEffect, useRef, useState } from 'react';

/**
 * A send asked for while the message's references are still on their way (an upload, or a pasted
 * link's thumbnail being fetched) waits for them rather than being dropped: `queue` marks it, and it
 * goes as soon as `ready` turns true. `cancel` forgets it.
 */
export function useQueuedSend(ready: boolean, send: () => void) {
  const [queued, setQueued] = useState(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    if (!queued || !ready) return;
    setQueued(false);
    sendRef.current();
  }, [queued, ready]);

  return { queued, queue: () => setQueued(true), cancel: () => setQueued(false) };
}
