import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

/** The inodes of the sockets that listen on `port`, from /proc/net/tcp and tcp6. */
function listeningSockets(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let rows: string[];
    try {
      rows = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const row of rows) {
      const fields = row.trim().split(/\s+/);
      if (fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`) && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * The processes that listen on `port`: whose open files include a listening socket on it. With
 * test files running side by side, another test's service may take a port number once it is
 * free; a test that checks its own services are gone asks which process listens, not whether one does.
 */
export function listenersOn(port: number): number[] {
  const sockets = listeningSockets(port);
  if (sockets.size === 0) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).some((fd) => {
          const target = (() => {
            try {
              return readlinkSync(`/proc/${pid}/fd/${fd}`);
            } catch {
              return '';
            }
          })();
          return sockets.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '');
        });
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
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
