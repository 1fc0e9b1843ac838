import { readdirSync, readFileSync } from 'node:fs';

/** Every other process on the machine whose command line names `dataDir` (DynamoDB Local's does). */
export function processesUsing(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/**
 * Whether any socket on the machine listens on `port` (from /proc/net/tcp and tcp6). Asking the
 * kernel, rather than trying to bind the port, is not fooled by another test's outgoing connection
 * that the kernel happened to give the same port number once it was free.
 */
export function somethingListensOn(port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) => {
    let rows: string[];
    try {
      rows = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      return false; // no IPv6 on this machine
    }
    return rows.some((row) => {
      const [, local, , state] = row.trim().split(/\s+/);
      return state === '0A' && local?.endsWith(`:${hexPort}`); // 0A: LISTEN
    });
  });
}

/** Polls until `check` holds or `ms` pass; the last answer. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
