import * as z from 'zod';
import { type TableName, tables } from '../data/tables';

/**
 * Reads a setting once, failing loudly with the variable's name.
 * Lambdas get their settings from the CDK constructs; the local cloud sets the same names.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export const tableName = (table: TableName): string => requireEnv(tables[table].envVar);

const settingsSchema = z.object({
  INITIAL_CREDITS: z.coerce.number().int().min(0).default(3),
  /** A job not settled this long after it was sent is refunded by the sweeper (past every retry). */
  JOB_STUCK_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
});

/** Product settings with their defaults (see .env.example). */
export const settings = () => settingsSchema.parse(process.env);
