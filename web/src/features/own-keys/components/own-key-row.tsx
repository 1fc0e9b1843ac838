import { type OwnKeyProvider, PROVIDER_LABELS } from '@thumbnail-studio/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  isOwnKeyRemembered,
  maskKey,
  readOwnKey,
  removeOwnKey,
  saveOwnKey,
  useOwnKeyProviders,
} from '../../../lib/own-keys';
import { type KeyTestResult, testOwnKey } from '../api/test-own-key';

interface OwnKeyRowProps {
  provider: OwnKeyProvider;
  userId: string;
}

const KEY_WORKS_TEXT = 'The key works.';
const STORAGE_REFUSED_TEXT = 'This browser would not keep the key (storage is full or turned off).';
const REMEMBER_TEXT = 'Remember on this device';

/** One provider's key: a box to add it, or the key masked with Test and Remove. */
export function OwnKeyRow({ provider, userId }: OwnKeyRowProps) {
  const label = PROVIDER_LABELS[provider];
  const inputId = useId();
  useOwnKeyProviders(userId); // re-renders when a key is added or removed, here or in another tab
  const saved = readOwnKey(userId, provider);
  const [draft, setDraft] = useState('');
  // Off by default: a key is forgotten at sign-out unless the creator asks to keep it.
  const [remember, setRemember] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<KeyTestResult | { ok: false; message: string } | null>(null);

  const test = async (key: string) => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testOwnKey(provider, key));
    } finally {
      setTesting(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = draft.trim();
    if (!key) return;
    try {
      saveOwnKey(userId, provider, key, remember);
    } catch {
      setResult({ ok: false, message: STORAGE_REFUSED_TEXT });
      return;
    }
    setDraft('');
    setRemember(false);
    void test(key);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-2">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-zinc-100">
        {label}
      </h3>
      {saved ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-zinc-300">
            Saved key <code className="rounded bg-zinc-800 px-2 py-1 text-zinc-200">{maskKey(saved)}</code>
          </p>
          <p className="text-xs text-zinc-400">
            {isOwnKeyRemembered(userId, provider)
              ? 'Remembered on this device.'
              : 'Forgotten when you sign out.'}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" busy={testing} onClick={() => void test(saved)}>
              Test key
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                removeOwnKey(userId, provider);
                setResult(null);
              }}
            >
              Remove key
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={save} className="flex flex-col items-start gap-2">
          <div className="flex w-full flex-col gap-1">
            <label htmlFor={inputId} className="text-sm text-zinc-300">
              {label} API key
            </label>
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100"
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              className="size-4 accent-accent-500"
            />
            {REMEMBER_TEXT}
          </label>
          <Button size="sm" type="submit" disabled={!draft.trim()}>
            Save and test key
          </Button>
        </form>
      )}
      <p role="status" className={result?.ok === false ? 'text-sm text-red-300' : 'text-sm text-emerald-300'}>
        {testing
          ? `Testing the ${label} key...`
          : result
            ? result.ok
              ? KEY_WORKS_TEXT
              : result.message
            : ''}
      </p>
    </section>
  );
}
