import {
  busyMonth,
  DEFAULT_JOB,
  type Inventory,
  idleMonth,
  jobCost,
  type Line,
  optionalIdleLines,
  type RecordedCounts,
  totalOf,
} from './model';
import { providerImagePrices } from './prices';

/** What `npm run cost` holds the figures to. */
export const costBudgets = {
  /** The AWS cost of one thumbnail, the provider's price aside: the default job, or one image of 4 variations. */
  thumbnailUsd: 0.002,
  /** A month with no traffic, every protection on (the WAF in front of Cognito alone is $6). */
  idleMonthUsd: 10,
};

export const CREATORS = 1000;
export const THUMBNAILS_PER_CREATOR = 30;

export interface CostReport {
  /** The dearest thumbnail, the idle month, and the busy month by provider model. */
  thumbnailUsd: number;
  idleMonthUsd: number;
  busyMonthUsd: Record<string, number>;
  /** The budgets broken, in words; empty when every figure is within its budget. */
  broken: string[];
  text: string;
}

const usd = (value: number) => (value >= 1 ? `$${value.toFixed(2)}` : `$${value.toPrecision(3)}`);
const rows = (lines: readonly Line[]) => {
  const width = Math.max(...lines.map((line) => line.name.length));
  return lines.map((line) => `    ${line.name.padEnd(width)}  ${usd(line.usd).padStart(10)}`);
};

/** The three figures for `models` (the image models the settings name), with the lines behind them. */
export function costReport(
  counts: RecordedCounts,
  inventory: Inventory,
  models: readonly string[],
): CostReport {
  const text: string[] = [];
  const broken: string[] = [];

  text.push(
    `== One thumbnail: AWS, besides the provider (counts of ${counts.commit}, ${counts.measuredAt.slice(0, 10)})`,
  );
  let thumbnailUsd = 0;
  for (const model of models) {
    for (const [kind, images] of [
      [DEFAULT_JOB, 1],
      ['4 variations, checks', 4],
    ] as const) {
      const lines = jobCost(counts, kind, model, inventory);
      const perImage = totalOf(lines) / images;
      thumbnailUsd = Math.max(thumbnailUsd, perImage);
      text.push(
        `  ${kind}, ${model}: ${usd(perImage)}${images > 1 ? ` per image (${usd(totalOf(lines))} the job)` : ''}`,
      );
      if (images === 1) text.push(...rows(lines));
    }
  }
  const providerPrices = models.map((model) => {
    const price = providerImagePrices[model];
    return price ? `${model} ${usd(price.usd)} per ${price.per}` : `${model}: no price recorded`;
  });
  text.push(`  the provider's own price: ${providerPrices.join('; ')}`);
  text.push(
    `  budget: ≤ ${usd(costBudgets.thumbnailUsd)} per thumbnail, the dearest above ${usd(thumbnailUsd)}`,
  );
  if (thumbnailUsd > costBudgets.thumbnailUsd) broken.push(`a thumbnail costs ${usd(thumbnailUsd)} of AWS`);

  const idle = idleMonth(inventory);
  const idleMonthUsd = totalOf(idle);
  const freeUsd = idle.reduce((total, line) => total + (line.freeUsd ?? 0), 0);
  text.push(
    '',
    `== An idle month: ${usd(idleMonthUsd)} (budget ≤ ${usd(costBudgets.idleMonthUsd)})`,
    ...rows(idle),
    `  in an account whose always-free allowances go to nothing else (3 dashboards, 10 alarms, 10 metrics, a million SQS and Lambda requests): ${usd(idleMonthUsd - freeUsd)}`,
  );
  const optional = optionalIdleLines(inventory);
  if (optional.length > 0) text.push('  off by default, not counted above:', ...rows(optional));
  if (idleMonthUsd > costBudgets.idleMonthUsd) broken.push(`an idle month costs ${usd(idleMonthUsd)}`);

  const busyMonthUsd: Record<string, number> = {};
  for (const model of models) {
    const lines = busyMonth(counts, inventory, model, CREATORS, THUMBNAILS_PER_CREATOR);
    busyMonthUsd[model] = totalOf(lines);
    const jobs = CREATORS * THUMBNAILS_PER_CREATOR;
    const provider = providerImagePrices[model];
    text.push(
      '',
      `== A month of ${CREATORS.toLocaleString('en-US')} creators making ${THUMBNAILS_PER_CREATOR} thumbnails each with ${model}: ${usd(busyMonthUsd[model])} of AWS`,
      ...rows(lines),
      `  beside the provider's own: ${provider ? usd(jobs * provider.usd) : 'no price recorded'} (${jobs.toLocaleString('en-US')} images)`,
    );
  }
  text.push(
    '',
    broken.length === 0 ? 'Every figure within its budget.' : `Over budget: ${broken.join('; ')}.`,
  );
  return { thumbnailUsd, idleMonthUsd, busyMonthUsd, broken, text: text.join('\n') };
}
