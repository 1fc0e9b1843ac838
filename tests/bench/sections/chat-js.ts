import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoPath } from '../../../infra/src/paths';
import { budgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';
import { ensureWebBuilt } from './landing-js';

const dist = repoPath('web', 'dist');

/** One chunk of Vite's build manifest (`build.manifest`), keyed by its source module. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Modules loaded by import() that the signed-in chat screen does not load until the user asks: the
 * sign-in form and its Amplify flows (only without a session), the checkout return pages, the
 * gallery (a screen of its own), the dialogs (the YouTube preview and the text editor among them), the toasts (loaded
 * with the first one) and Radix's dropdown menu (loaded when the pointer or focus first reaches a
 * menu). Every other chunk reachable from the entry is counted, so a new lazy chunk counts until it
 * is named here. A name missing from the manifest fails the bench, so a rename cannot hide a chunk.
 */
export const ON_DEMAND_MODULES = [
  'src/features/auth/components/auth-screen.tsx',
  'src/features/auth/api/sign-in-actions.ts',
  'src/app/routes/checkout-success-route.tsx',
  'src/features/checkout/components/checkout-cancel-page.tsx',
  'src/app/routes/gallery-route.tsx',
  'src/features/checkout/components/purchase-credits-dialog.tsx',
  'src/features/models/components/manage-models-dialog.tsx',
  'src/features/credits/components/credit-history-dialog.tsx',
  'src/features/conversations/components/delete-conversation-dialog.tsx',
  'src/features/thumbnails/components/youtube-preview/youtube-preview-dialog.tsx',
  // The text editor: the canvas library, the font parser and the fonts' URLs.
  'src/features/text-editor/components/text-editor-dialog.tsx',
  // A creator's own keys: the settings dialog, and the browser's generation with the provider SDKs.
  'src/features/own-keys/components/own-keys-dialog.tsx',
  'src/features/brand-kit/components/brand-kit-dialog.tsx',
  'src/features/chat/api/own-key-generation.ts',
  'src/components/ui/sonner.ts',
  'src/components/ui/dropdown-menu-parts.ts',
];

/**
 * The JavaScript files the browser loads for the chat screen: the entry and everything it imports,
 * statically or by import(), except the on-demand modules and what only they import.
 */
export function chatRouteFiles(manifest: Manifest, onDemand = ON_DEMAND_MODULES): string[] {
  for (const key of onDemand) if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dependency of chunk.imports ?? []) visit(dependency);
    for (const lazy of chunk.dynamicImports ?? []) if (!onDemand.includes(lazy)) visit(lazy);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the Vite manifest has no entry');
  visit(entry);
  return [...files].filter((file) => file.endsWith('.js'));
}

export const chatJs: BenchSection = {
  title: 'Signed-in chat screen JavaScript (gzip)',
  async run() {
    const built = ensureWebBuilt();
    const manifestPath = join(dist, '.vite', 'manifest.json');
    if (!existsSync(manifestPath))
      throw new Error('web/dist/.vite/manifest.json is missing: rebuild the web');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const files = chatRouteFiles(manifest);
    const kb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;
    const rows: Measurement[] = files.map((file) => ({ label: `/${file}`, value: kb(file), unit: 'kB' }));
    return {
      title: this.title,
      measurements: [
        ...rows,
        {
          label: 'total',
          value: rows.reduce((sum, row) => sum + row.value, 0),
          unit: 'kB',
          budget: budgets.chatJsGzipKb,
        },
      ],
      notes: [
        `${built ? 'existing' : 'freshly built'} web/dist; every chunk reachable from the entry but the on-demand ones (sign-in, checkout pages, dialogs, toasts, menus); gzip level 9`,
      ],
    };
  },
};
