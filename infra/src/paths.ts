import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, resolved from this file so synth works from any working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const repoPath = (...segments: string[]): string => join(repoRoot, ...segments);

/** Where the Lambda entry files live: `<handlersDir>/<name>.ts`. */
export const defaultHandlersDir = repoPath('functions', 'src', 'handlers');

/** The built SPA (`npm run build -w web`). */
export const defaultWebDistDir = repoPath('web', 'dist');
