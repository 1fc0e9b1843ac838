import * as Select from '@radix-ui/react-select';
import type { ProviderOption } from '@thumbnail-studio/contract';
import { Check, ChevronDown, Sparkles } from 'lucide-react';

interface ProviderSelectProps {
  /** Exactly the providers the backend offers. */
  options: readonly ProviderOption[];
  value: string | undefined;
  onChange(value: string): void;
}

/** The header's AI model selector; disabled until the offered providers are known. */
export function ProviderSelect({ options, value, onChange }: ProviderSelectProps) {
  return (
    <Select.Root value={value ?? ''} onValueChange={onChange} disabled={options.length === 0}>
      <Select.Trigger
        aria-label="AI model"
        className="inline-flex h-9 min-w-0 items-center gap-2 rounded-lg border border-zinc-700 bg-zinc-900 px-3 text-sm text-zinc-100 hover:bg-zinc-800 disabled:opacity-60"
      >
        <Sparkles aria-hidden="true" className="size-4 shrink-0 text-accent-400" />
        <span className="truncate">
          <Select.Value placeholder="Loading models..." />
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-zinc-400" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl"
        >
          <Select.Viewport>
            {options.map((provider) => (
              <Select.Item
                key={provider.id}
                value={provider.id}
                className="relative flex cursor-pointer items-center rounded-lg py-2 pr-3 pl-8 text-sm text-zinc-100 outline-none select-none data-[highlighted]:bg-zinc-800"
              >
                <Select.ItemIndicator className="absolute left-2">
                  <Check aria-hidden="true" className="size-4 text-accent-400" />
                </Select.ItemIndicator>
                <Select.ItemText>{provider.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
