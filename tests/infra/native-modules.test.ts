import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaPlatformNpmFlags, lockedSpec } from '../../infra/src/native-modules';

const lockFile = (packages: Record<string, { version: string }>) => {
  const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'package-lock.json');
  writeFileSync(file, JSON.stringify({ lockfileVersion: 3, packages }));
  return file;
};

describe('native modules installed beside a bundle', () => {
  it("take the binaries of the function's own architecture", () => {
    expect(lambdaPlatformNpmFlags(Architecture.ARM_64)).toEqual([
      '--os=linux',
      '--cpu=arm64',
      '--libc=glibc',
    ]);
    expect(lambdaPlatformNpmFlags(Architecture.X86_64)).toEqual(['--os=linux', '--cpu=x64', '--libc=glibc']);
  });

  it('take the version the lock file pins, the functions workspace’s own copy first', () => {
    const file = lockFile({
      'node_modules/sharp': { version: '0.35.0' },
      'functions/node_modules/sharp': { version: '0.34.9' },
      'node_modules/openai': { version: '6.1.0' },
    });
    expect(lockedSpec('sharp', file)).toBe('sharp@0.34.9');
    expect(lockedSpec('openai', file)).toBe('openai@6.1.0');
    expect(() => lockedSpec('left-pad', file)).toThrow(/not in/);
  });
});
