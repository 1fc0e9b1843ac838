/**
 * `npm run bench`: measures what users and cold starts pay for, against tests/bench/budgets.ts.
 * Prints one table per section and exits non-zero when anything is over budget or fails.
 * To add a benchmark, write a `BenchSection` under sections/ and list it below.
 */
import { type BenchSection, isOverBudget, renderSection } from './report';
import { chatJs } from './sections/chat-js';
import { generation } from './sections/generation';
import { images } from './sections/images';
import { jobCounts } from './sections/job-counts';
import { lambdaBundles } from './sections/lambda-bundles';
import { lambdaColdStart } from './sections/lambda-cold-start';
import { landingJs } from './sections/landing-js';
import { lighthouseLanding } from './sections/lighthouse';
import { localCloudStart } from './sections/local-cloud-start';
import { opening } from './sections/opening';
import { partials } from './sections/partials';

// Every run sets its own data folder; the AWS SDK's notice about Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const allSections: BenchSection[] = [
  landingJs,
  chatJs,
  lighthouseLanding,
  lambdaBundles,
  lambdaColdStart,
  localCloudStart,
  images,
  generation,
  jobCounts,
  opening,
  partials,
];
// `BENCH_ONLY=generation npm run bench` runs the sections whose title contains that word.
const only = process.env.BENCH_ONLY?.toLowerCase();
const sections = only ? allSections.filter((s) => s.title.toLowerCase().includes(only)) : allSections;

let failures = 0;
for (const section of sections) {
  try {
    const result = await section.run();
    console.log(`${renderSection(result)}\n`);
    failures += result.measurements.filter(isOverBudget).length;
  } catch (error) {
    console.log(`== ${section.title}\n  FAIL ${error instanceof Error ? error.message : String(error)}\n`);
    failures += 1;
  }
}
console.log(
  failures === 0 ? 'All benchmarks within budget.' : `${failures} benchmark(s) over budget or failed.`,
);
process.exitCode = failures === 0 ? 0 : 1;
