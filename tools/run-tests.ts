import { spawn } from 'node:child_process';
import { ensurePrerequisites, machine } from './test-prerequisites';

/** One step of `npm test`: a shell command, run from the repository root. */
interface Stage {
  name: string;
  command: string;
}

/**
 * Stages in a lane run one after another; the lanes of a phase run side by side, and share
 * nothing but the CPU. In the first phase the unit tests take a worker per core (vitest's default
 * leaves one core free), so once the other lane's stages are done they use both cores of a CI
 * machine instead of one. The second phase runs the end-to-end tests beside the
 * integration tests: the browser spends most of its time waiting on the page, so the
 * end-to-end run keeps less than half a core busy, and each run starts its own local cloud on
 * its own ports and data folder (the integration clouds on free ports, the end-to-end one on
 * E2E_PORT). The infra tests follow the type-check, beside the unit tests: after the end-to-end
 * tests they ran on one core for 75 s while the integration lane had already ended (29 Nov:
 * phase 1 took 169 s instead of 113, phase 2 lost the 75 s; the two phase-2 lanes now end within
 * 10 s of each other).
 */
const phases: Stage[][][] = [
  [
    [
      // Before the infra tests: the CDK app's synth test deploys web/dist when it is built.
      { name: 'web build', command: 'npm run -s build -w web' },
      { name: 'lint', command: 'biome check .' },
      // One `tsc -b` over the root project and every workspace, so the declaration files they all
      // read are parsed once (40-45 s of CPU instead of 69-71 s for seven `tsc` runs).
      { name: 'types', command: 'npm run -s check-types' },
      { name: 'infra', command: 'vitest run --project infra' },
    ],
    [{ name: 'unit', command: 'vitest run --project unit --maxWorkers=100%' }],
  ],
  [
    [{ name: 'end-to-end', command: 'playwright test' }],
    // The integration clouds start with the checks after each image off, unless a file's tests
    // read one (WITHOUT_IMAGE_CHECKS): 377-408 s of CPU instead of 463-488 s.
    [{ name: 'integration', command: 'vitest run --project integration' }],
  ],
];

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
}

/**
 * Runs one stage. Alone, its output streams; beside another lane, it is held and printed whole
 * when the stage ends, so two stages' lines never interleave.
 */
function runStage(stage: Stage, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n▶ ${stage.name}: ${stage.command}`);
  return new Promise((resolve) => {
    const child = spawn(stage.command, {
      shell: true,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${stage.name} ──\n${Buffer.concat(output).toString()}`);
      const outcome = { name: stage.name, seconds: (performance.now() - started) / 1000, ok: code === 0 };
      console.log(`${outcome.ok ? '✔' : '✘'} ${stage.name} (${outcome.seconds.toFixed(0)} s)`);
      resolve(outcome);
    });
  });
}

/** Runs the phases in order; after a failed stage no further stage starts. */
async function runPhases(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const failed = () => outcomes.some((outcome) => !outcome.ok);
  for (const lanes of phases) {
    await Promise.all(
      lanes.map(async (lane) => {
        for (const stage of lane) {
          if (failed()) return;
          outcomes.push(await runStage(stage, lanes.length === 1));
        }
      }),
    );
    if (failed()) break;
  }
  return outcomes;
}

/** The time of each stage, and of an install step timed before `npm test` (CI_INSTALL_SECONDS). */
function printTimes(outcomes: Outcome[], totalSeconds: number) {
  const install = Number(process.env.CI_INSTALL_SECONDS);
  const rows = [
    ...(install > 0 ? [{ name: 'npm ci', seconds: install, ok: true }] : []),
    ...outcomes,
    { name: 'npm test (wall)', seconds: totalSeconds, ok: outcomes.every((outcome) => outcome.ok) },
  ];
  console.log('\nStage times (side by side where a phase has two lanes):');
  for (const row of rows) {
    console.log(`  ${row.ok ? ' ' : '✘'} ${row.name.padEnd(18)} ${row.seconds.toFixed(1).padStart(7)} s`);
  }
}

const started = performance.now();
const setupStarted = performance.now();
const ready = ensurePrerequisites(machine());
const setup = { name: 'prerequisites', seconds: (performance.now() - setupStarted) / 1000, ok: ready };
const outcomes = ready ? [setup, ...(await runPhases())] : [setup];
printTimes(outcomes, (performance.now() - started) / 1000);
process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
