import { Check, KeyRound, LogOut, Palette } from 'lucide-react';
import { useState } from 'react';
import * as DropdownMenu from '../../../components/ui/dropdown-menu';
import { type ThemeChoice, useTheme } from '../../../lib/theme';
import { useAuth } from '../hooks/auth-context';

const THEMES: { choice: ThemeChoice; label: string }[] = [
  { choice: 'system', label: 'System theme' },
  { choice: 'light', label: 'Light theme' },
  { choice: 'dark', label: 'Dark theme' },
];

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-zinc-100 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-zinc-800';

/**
 * The header's avatar button: a menu with the user's e-mail, the theme (remembered), the
 * creator's brand kit, their own API keys (settings) and 'Sign out'.
 */
export function UserMenu({
  onOpenOwnKeys,
  onOpenBrandKit,
}: {
  onOpenOwnKeys?(): void;
  onOpenBrandKit?(): void;
}) {
  const { user, signOut } = useAuth();
  const theme = useTheme();
  const [signingOut, setSigningOut] = useState(false);
  const email = user?.email ?? '';
  const initial = (email[0] ?? '?').toUpperCase();

  return (
    // Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-600 text-sm font-semibold text-white hover:bg-accent-700"
      >
        {initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-zinc-800 bg-zinc-900 p-1.5 text-sm shadow-xl"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-zinc-300">
            Signed in as
            <span className="block truncate font-medium text-zinc-50">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-800" />
          <DropdownMenu.RadioGroup
            aria-label="Theme"
            value={theme.choice}
            onValueChange={(value) => theme.setChoice(value as ThemeChoice)}
          >
            {THEMES.map(({ choice, label }) => (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                // Choosing a theme keeps the menu open, so the creator sees it and can try another.
                onSelect={(event) => event.preventDefault()}
                className={itemClass}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-800" />
          <DropdownMenu.Item onSelect={onOpenBrandKit} className={itemClass}>
            <Palette aria-hidden="true" className="size-4" />
            Brand kit
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onOpenOwnKeys} className={itemClass}>
            <KeyRound aria-hidden="true" className="size-4" />
            Your own API keys
          </DropdownMenu.Item>
          <DropdownMenu.Item
            disabled={signingOut}
            onSelect={() => {
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
            className={itemClass}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
