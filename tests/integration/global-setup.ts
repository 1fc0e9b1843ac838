import type { TestProject } from 'vitest/node';
import { type RuntimeInfo, startCloudProcess } from '../support/local-cloud-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    runtime: RuntimeInfo;
  }
}

/**
 * One local cloud for the whole integration run, on a free port with a fresh data folder.
 * Its INITIAL_CREDITS is blank, as in a copied `.env`: a blank setting means the default,
 * so every new user still gets the 3 credits the tests count on.
 */
export default async function setup(project: TestProject) {
  const cloud = await startCloudProcess({ env: { INITIAL_CREDITS: '' } });
  project.provide('baseUrl', cloud.url);
  project.provide('dataDir', cloud.dataDir);
  project.provide('runtime', cloud.runtime);
  return async () => {
    await cloud.stop();
  };
}
