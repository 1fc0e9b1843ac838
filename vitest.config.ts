import { defineConfig } from 'vitest/config';

// Tests run on Node 20; the SDK's notice that future releases need Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/src/**/*.test.ts',
            'providers/src/**/*.test.ts',
            'typeset/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'local/**/*.test.ts',
            'tools/**/*.test.ts',
            'tests/web/**/*.test.ts',
          ],
          environment: 'node',
          // Worker threads start faster than child processes: the whole project took 134 s of
          // CPU in threads against 155 s in processes, every test passing in both.
          pool: 'threads',
          setupFiles: ['web/src/test/setup-dom.ts'],
          // The backend logs every provoked failure; tests that read logs raise the level themselves.
          env: { LOG_LEVEL: 'SILENT' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // Room for a busy machine: the end-to-end tests run beside these in `npm test`.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A thread per file starts faster than a process per file, as in the unit project.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // The files share a worker's modules: aws-cdk-lib loads, and each stack synthesizes
          // (tests/infra/synth.ts), once per worker instead of once per file.
          isolate: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
