import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, repoRoot, startCloudProcess } from '../support/local-cloud-process';
import { eventually, listenersOn, processesUsing } from '../support/processes';

const portOf = (url: string) => Number(new URL(url).port);

describe('stopping the local cloud leaves nothing running', () => {
  it('after a SIGTERM to the main process: no child left, every port free', async () => {
    const cloud = await startCloudProcess();
    expect(processesUsing(cloud.dataDir).length).toBeGreaterThan(0);
    const ports = [portOf(cloud.url), portOf(cloud.runtime.dynamodbEndpoint)];
    // The cloud's own listeners: its main process and DynamoDB Local's JVM.
    const listeners = ports.flatMap(listenersOn);
    expect(listeners).toContain(cloud.child.pid);
    expect(listeners.length).toBeGreaterThanOrEqual(2);
    cloud.child.kill('SIGTERM');
    await once(cloud.child, 'exit');
    expect(await eventually(() => processesUsing(cloud.dataDir).length === 0)).toBe(true);
    // None of them listens any more (another test's service may have taken a port number since).
    expect(ports.flatMap(listenersOn).filter((pid) => listeners.includes(pid))).toEqual([]);
  }, 90_000);

  it('after the main process is killed outright (no cleanup runs): DynamoDB Local exits with it', async () => {
    const cloud = await startCloudProcess();
    const dynamoPort = portOf(cloud.runtime.dynamodbEndpoint);
    const jvm = listenersOn(dynamoPort);
    expect(jvm.length).toBeGreaterThan(0);
    cloud.child.kill('SIGKILL');
    await once(cloud.child, 'exit');
    expect(await eventually(() => processesUsing(cloud.dataDir).length === 0)).toBe(true);
    expect(listenersOn(dynamoPort).filter((pid) => jvm.includes(pid))).toEqual([]);
  }, 90_000);

  it('after a SIGTERM while it is still starting', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thumbnail-studio-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    // The moment DynamoDB Local's JVM exists, long before the cloud is up.
    expect(await eventually(() => processesUsing(dataDir).length > 0, 60_000)).toBe(true);
    child.kill('SIGTERM');
    await exited;
    expect(await eventually(() => processesUsing(dataDir).length === 0)).toBe(true);
    expect(listenersOn(port).filter((pid) => pid === child.pid)).toEqual([]);
  }, 90_000);
});
