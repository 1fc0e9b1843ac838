import { NO_PROVIDER_OPTION_TEXT, type ProviderOption } from '@thumbnail-studio/contract';
import { ChevronDown, Sparkles } from 'lucide-react';

interface ProviderSelectProps {
  /** Exactly the providers the backend offers. */
  options: readonly ProviderOption[];
  value: string | undefined;
  /** Whether the offered providers are still being fetched; once known, an empty list means none is set up. */
  loading: boolean;
  onChange(value: string): void;
}

/**
 * The header's AI model selector; disabled until the offered providers are known, and when the site
 * offers none (it then says so). On phones it takes the header row's free width, without its icon,
 * so the provider's whole name shows. A native <select>:
 * the browser's own list (a sheet on phones) is fully accessible and costs no JavaScript.
 */
export function ProviderSelect({ options, value, loading, onChange }: ProviderSelectProps) {
  return (
    <span className="relative inline-flex min-w-0 flex-1 items-center md:flex-none">
      <Sparkles
        aria-hidden="true"
        className="pointer-events-none absolute left-3 hidden size-4 shrink-0 text-accent-400 md:block"
      />
      <select
        aria-label="AI model"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={options.length === 0}
        className="h-9 w-full min-w-0 cursor-pointer appearance-none truncate rounded-lg border border-zinc-700 bg-zinc-900 pr-8 pl-3 text-sm md:pl-9 text-zinc-100 hover:bg-zinc-800 disabled:cursor-default disabled:opacity-60"
      >
        {value === undefined && (
          <option value="">{loading ? 'Loading models...' : NO_PROVIDER_OPTION_TEXT}</option>
        )}
        {options.map((provider) => (
          <option key={provider.id} value={provider.id}>
            {provider.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-2.5 size-4 text-zinc-400"
      />
    </span>
  );
}
