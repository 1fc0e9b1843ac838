/**
 * `npm run cost`: what the deployment costs in AWS, in US dollars at the prices of
 * tools/cost/prices.ts: one thumbnail besides the provider, an idle month, and a month of 1,000
 * creators making 30 thumbnails each, beside the providers' own price per image. The jobs' work
 * comes from the counts `npm run bench` measured (its counted-work section), the idle resources
 * from the stack as `cdk synth` builds it. Exits 1 when a figure is over its budget.
 *
 *   npm run cost                         the bench's latest counts, else the recorded ones
 *   npm run cost -- --counts <file>      another counts file
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readProviderSettings } from '../../functions/src/image-providers/settings';
import { repoPath } from '../../infra/src/paths';
import { synth } from '../../tests/infra/synth';
import { stackInventory } from './inventory';
import type { RecordedCounts } from './model';
import { costReport } from './report';

/** What the bench writes on every run of its counted-work section. */
const BENCH_COUNTS = repoPath('tests/bench/results/counts.json');
/** The counts committed with the code, for a checkout that has not run the bench. */
export const RECORDED_COUNTS = repoPath('tools/cost/recorded-counts.json');

const { values } = parseArgs({ options: { counts: { type: 'string' } } });
const countsFile = values.counts ?? (existsSync(BENCH_COUNTS) ? BENCH_COUNTS : RECORDED_COUNTS);
const counts = JSON.parse(readFileSync(countsFile, 'utf8')) as RecordedCounts;
console.log(
  `Counts: ${path.relative(process.cwd(), countsFile)}; synthesizing the stack for what it deploys...\n`,
);

const { stack, template } = synth();
const providers = readProviderSettings(process.env);
const report = costReport(counts, stackInventory(stack, template), [
  providers.GEMINI_IMAGE_MODEL,
  providers.OPENAI_IMAGE_MODEL,
]);
console.log(report.text);
process.exitCode = report.broken.length === 0 ? 0 : 1;
