import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_MODULES, INSTALLED_MODULES, STUDIO_ASSET_MODULES } from '../../infra/src/native-modules';
import { repoPath } from '../../infra/src/paths';

/** The one paragraph of infra/README.md that says what synth takes from the network. */
function networkParagraph(): string {
  const paragraphs = readFileSync(repoPath('infra', 'README.md'), 'utf8').split(/\n\s*\n/);
  const matching = paragraphs.filter((paragraph) => paragraph.includes('npm registry'));
  expect(matching, 'paragraphs of infra/README.md naming the npm registry').toHaveLength(1);
  return matching[0] as string;
}

describe("infra/README.md on synth's network use", () => {
  it('names every module synth installs from the npm registry beside a bundle', () => {
    // Prepare
    const installed = [...INSTALLED_MODULES, ...FONT_MODULES, ...STUDIO_ASSET_MODULES];
    // Act
    const paragraph = networkParagraph();
    // Assess
    expect(installed.length).toBeGreaterThan(0);
    const unnamed = installed.filter((name) => !paragraph.includes(`\`${name}\``));
    expect(unnamed, 'installed modules the paragraph does not name').toEqual([]);
  });
});
