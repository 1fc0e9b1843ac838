/** One measured value, optionally held to a budget (same unit). */
export interface Measurement {
  label: string;
  value: number;
  unit: string;
  budget?: number;
  /** A floor instead of a ceiling: over budget when the value is below it (a score). */
  minimum?: number;
  /** Set when the measurement could not be taken; counts as a failure. */
  error?: string;
}

/** A group of measurements with the notes needed to read them. */
export interface SectionResult {
  title: string;
  measurements: Measurement[];
  notes?: string[];
}

/** A benchmark section: add one by writing a module that exports this and listing it in run.ts. */
export interface BenchSection {
  title: string;
  run(): Promise<SectionResult>;
}

export const isOverBudget = (m: Measurement): boolean =>
  m.error !== undefined ||
  (m.budget !== undefined && m.value > m.budget) ||
  (m.minimum !== undefined && m.value < m.minimum);

/** Ratios get two decimals: a budget of 1 x would otherwise show 0.96 and 1.04 alike. */
const format = (value: number, unit: string) => `${value.toFixed(unit === 'x' ? 2 : 1)} ${unit}`.trimEnd();
const limitOf = (m: Measurement) =>
  m.minimum !== undefined
    ? `≥ ${format(m.minimum, m.unit)}`
    : m.budget === undefined
      ? ''
      : format(m.budget, m.unit);

/** Renders a section as an aligned text table. */
export function renderSection(section: SectionResult): string {
  const rows = [
    ['', 'measured', 'budget', ''],
    ...section.measurements.map((m) => [
      m.label,
      m.error ? 'error' : format(m.value, m.unit),
      limitOf(m),
      m.error ? `FAIL ${m.error}` : limitOf(m) === '' ? '' : isOverBudget(m) ? 'OVER' : 'ok',
    ]),
  ];
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  const lines = rows.map((row) =>
    [
      (row[0] ?? '').padEnd(widths[0] ?? 0),
      (row[1] ?? '').padStart(widths[1] ?? 0),
      (row[2] ?? '').padStart(widths[2] ?? 0),
      row[3] ?? '',
    ]
      .join('  ')
      .trimEnd(),
  );
  const notes = (section.notes ?? []).map((note) => `  note: ${note}`);
  return [`== ${section.title}`, ...lines.map((line) => `  ${line}`), ...notes].join('\n');
}
