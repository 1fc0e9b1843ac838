import { describe, expect, it } from 'vitest';
import { ensurePrerequisites, type Prerequisite, prerequisites } from './test-prerequisites';

/** A prerequisite that is there or not, and comes once installed; nothing on the machine is probed. */
function need(name: string, debian: string[], present = false, otherwise?: string) {
  const state = { present };
  const prerequisite: Prerequisite = { name, present: () => state.present, debian, otherwise };
  return { prerequisite, state };
}

/** Runs the set-up on fake prerequisites; `installs` makes an apt-get install bring the named ones. */
function setUp(needs: ReturnType<typeof need>[], isRoot: boolean) {
  const commands: string[] = [];
  const lines: string[] = [];
  const ready = ensurePrerequisites({
    prerequisites: needs.map((n) => n.prerequisite),
    isRoot,
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      if (args[0] === 'install') {
        for (const n of needs)
          if (n.prerequisite.debian.every((pkg) => args.includes(pkg))) n.state.present = true;
      }
    },
    log: (line) => lines.push(line),
  });
  return { ready, commands, output: lines.join('\n') };
}

describe('the set-up before the tests', () => {
  it('does nothing when everything is there, as root or not', () => {
    for (const isRoot of [true, false]) {
      const { ready, commands, output } = setUp(
        [need('Chromium', ['chromium'], true), need('cfn-lint', [], true, 'pip install cfn-lint')],
        isRoot,
      );
      expect(ready).toBe(true);
      expect(commands).toEqual([]);
      expect(output).toBe('');
    }
  });

  it('as root, installs only the missing Debian packages, in one apt-get install', () => {
    const { ready, commands } = setUp(
      [
        need('a JDK', ['openjdk-17-jdk-headless']),
        need('Chromium', ['chromium'], true),
        need('a font', ['fonts-liberation', 'fontconfig']),
      ],
      true,
    );
    expect(ready).toBe(true);
    expect(commands).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends openjdk-17-jdk-headless fonts-liberation fontconfig',
    ]);
  });

  it('as root, fails when the install did not bring what was missing', () => {
    const chromium = need('Chromium', ['chromium']);
    chromium.prerequisite.present = () => false;
    const { ready, output } = setUp([chromium], true);
    expect(ready).toBe(false);
    expect(output).toContain('Still missing after the install: Chromium');
  });

  it('as another user, installs nothing and names the one command to run', () => {
    const { ready, commands, output } = setUp(
      [need('a JDK', ['openjdk-17-jdk-headless']), need('Chromium', ['chromium'])],
      false,
    );
    expect(ready).toBe(false);
    expect(commands).toEqual([]);
    expect(output).toContain('The tests need a JDK, Chromium.');
    expect(output).toContain(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends openjdk-17-jdk-headless chromium',
    );
  });

  it('stops with its own command for what Debian has no package of, even as root', () => {
    const { ready, commands, output } = setUp(
      [need('Chromium', ['chromium']), need('cfn-lint', [], false, 'pip install cfn-lint')],
      true,
    );
    expect(ready).toBe(false);
    expect(commands).toEqual([]);
    expect(output).toContain(
      'apt-get update && apt-get install -y --no-install-recommends chromium && pip install cfn-lint',
    );
  });

  it('knows a Debian package, or another way, for everything the tests need', () => {
    expect(prerequisites.map((p) => p.name)).toEqual([
      expect.stringContaining('jdk.compiler'),
      expect.stringContaining('Chromium'),
      expect.stringContaining('font'),
      expect.stringContaining('cfn-lint'),
    ]);
    for (const p of prerequisites) expect(p.debian.length > 0 || p.otherwise !== undefined).toBe(true);
  });
});
