import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** One thing the tests need from the machine besides Node.js and npm. */
export interface Prerequisite {
  name: string;
  /** Whether the machine has it now. */
  present: () => boolean;
  /** The Debian packages that bring it; none when Debian has no package for it. */
  debian: string[];
  /** How to get it when Debian has no package for it. */
  otherwise?: string;
}

/** What the set-up does about the missing prerequisites: install them, or stop with one command. */
export type SetupPlan =
  | { action: 'none' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; missing: string[]; command: string };

const aptInstall = (packages: string[], sudo: string) =>
  `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;

/**
 * Root installs the missing Debian packages itself; anyone else, or anything Debian has no
 * package for, stops the run with the one command that brings everything missing.
 */
export function planSetup(missing: Prerequisite[], isRoot: boolean): SetupPlan {
  if (missing.length === 0) return { action: 'none' };
  const packages = missing.flatMap((need) => need.debian);
  const elsewhere = missing.flatMap((need) =>
    need.debian.length === 0 && need.otherwise ? [need.otherwise] : [],
  );
  if (isRoot && elsewhere.length === 0) return { action: 'install', packages };
  const steps = [...(packages.length > 0 ? [aptInstall(packages, isRoot ? '' : 'sudo ')] : []), ...elsewhere];
  return { action: 'stop', missing: missing.map((need) => need.name), command: steps.join(' && ') };
}

const succeeds = (command: string, args: string[]): string | undefined => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return undefined;
  }
};

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A JDK with its compiler: `npm start` needs it too. */
export const jdk: Prerequisite = {
  // DynamoDB Local runs on Java 17+; the JDK's compiler lets the local cloud bind it to loopback only.
  name: 'a Java JDK with jdk.compiler (DynamoDB Local)',
  present: () => /^jdk\.compiler@/m.test(succeeds('java', ['--list-modules']) ?? ''),
  debian: ['openjdk-17-jdk-headless'],
};

/** What the unit, infra, integration and end-to-end tests need, probed on this machine. */
export const prerequisites: Prerequisite[] = [
  jdk,
  {
    name: 'Chromium (the end-to-end tests)',
    present: () => executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    debian: ['chromium'],
  },
  {
    // Chromium needs a real font for pages; the offline provider ships its own.
    name: 'a real font for Chromium (Liberation)',
    present: () => /liberation/i.test(succeeds('fc-list', []) ?? ''),
    debian: ['fonts-liberation', 'fontconfig'],
  },
  {
    // The infra tests lint the synthesized template with it; Debian has no package of it.
    name: 'cfn-lint (the infra tests)',
    present: () => succeeds('cfn-lint', ['--version']) !== undefined,
    debian: [],
    otherwise: 'pip install cfn-lint',
  },
];

export interface SetupDeps {
  prerequisites: Prerequisite[];
  isRoot: boolean;
  /** Runs a command with its arguments; throws when it fails. */
  run: (command: string, args: string[]) => void;
  log: (line: string) => void;
}

/** Makes sure the machine has what the tests need; false (after saying what to run) when it has not. */
export function ensurePrerequisites({ prerequisites: needs, isRoot, run, log }: SetupDeps): boolean {
  const plan = planSetup(
    needs.filter((need) => !need.present()),
    isRoot,
  );
  if (plan.action === 'none') return true;
  if (plan.action === 'stop') {
    log(`The tests need ${plan.missing.join(', ')}. Install with:\n\n  ${plan.command}\n`);
    return false;
  }
  log(`Installing what the tests need: ${plan.packages.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages]);
  const stillMissing = needs.filter((need) => !need.present()).map((need) => need.name);
  if (stillMissing.length > 0) log(`Still missing after the install: ${stillMissing.join(', ')}`);
  return stillMissing.length === 0;
}

/** The real machine: probes, the current user, and apt-get without questions. */
export const machine = (): SetupDeps => ({
  prerequisites,
  isRoot: process.getuid?.() === 0,
  run: (command, args) =>
    execFileSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }),
  log: (line) => console.log(line),
});
