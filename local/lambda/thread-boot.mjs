// Starts a local Lambda thread: TypeScript through tsx (a worker thread's entry is loaded
// before the process's own `--import tsx` hooks apply), then the host that serves invocations.
import { register } from 'tsx/esm/api';

register();
await import('./thread-host.ts');
