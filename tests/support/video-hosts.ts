import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeVideoImageHost, startVideoImageHost } from '../fakes/video-image-host';

/**
 * Two fake video sites for the tests of one file: `host`, the one configured, and `elsewhere`, off
 * the allow-list. Started before the tests, reset before each, stopped after; read them once started.
 */
export function useVideoHosts(): {
  readonly host: FakeVideoImageHost;
  readonly elsewhere: FakeVideoImageHost;
} {
  let hosts: FakeVideoImageHost[] = [];
  beforeAll(async () => {
    hosts = await Promise.all([startVideoImageHost(), startVideoImageHost()]);
  });
  afterAll(() => Promise.all(hosts.map((each) => each.stop())));
  beforeEach(() => {
    for (const each of hosts) each.reset();
  });
  const started = (at: number) => {
    const found = hosts[at];
    if (!found) throw new Error('the fake video sites are not started yet');
    return found;
  };
  return {
    get host() {
      return started(0);
    },
    get elsewhere() {
      return started(1);
    },
  };
}
