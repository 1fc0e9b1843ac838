import { ImagePlus, Moon, Sun } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { DURATION_PATTERN } from '../../utils/youtube-layouts';
import type { YouTubeTheme } from './youtube-colors';

const INPUT =
  'h-9 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-50 focus:border-accent-500 focus:outline-none';

interface PreviewFieldsProps {
  title: string;
  onTitle(title: string): void;
  channel: string;
  /** Shown while no channel is typed: the name the preview uses then. */
  channelPlaceholder: string;
  onChannel(channel: string): void;
  duration: string;
  onDuration(duration: string): void;
  hasAvatar: boolean;
  onAvatar(file: File): void;
  onRemoveAvatar(): void;
  avatarError: string | null;
  theme: YouTubeTheme;
  onTheme(theme: YouTubeTheme): void;
}

function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children(id: string): ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-300">
        {label}
      </label>
      {children(id)}
      {hint}
    </div>
  );
}

/** The duration as typed: the badge takes it only once it reads like 12:34 or 1:02:03. */
function DurationField({ duration, onDuration }: Pick<PreviewFieldsProps, 'duration' | 'onDuration'>) {
  const [draft, setDraft] = useState(duration);
  const valid = DURATION_PATTERN.test(draft);
  return (
    <Field
      label="Duration"
      hint={!valid && <p className="text-xs text-red-300">Write it as 12:34 or 1:02:03.</p>}
    >
      {(id) => (
        <input
          id={id}
          value={draft}
          inputMode="numeric"
          maxLength={8}
          aria-invalid={!valid || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (DURATION_PATTERN.test(event.target.value)) onDuration(event.target.value);
          }}
          className={INPUT}
        />
      )}
    </Field>
  );
}

/**
 * What the preview shows of the creator's video, remembered in this browser: title, channel,
 * avatar (kept here only, never uploaded), duration; and YouTube's light or dark page.
 */
export function PreviewFields(props: PreviewFieldsProps) {
  const avatarId = useId();
  return (
    <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_16rem_8rem]">
      <Field label="Video title">
        {(id) => (
          <input
            id={id}
            value={props.title}
            maxLength={100}
            onChange={(event) => props.onTitle(event.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      <Field label="Channel name">
        {(id) => (
          <input
            id={id}
            value={props.channel}
            placeholder={props.channelPlaceholder}
            maxLength={60}
            onChange={(event) => props.onChannel(event.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      <DurationField duration={props.duration} onDuration={props.onDuration} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <input
          id={avatarId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onAvatar(file);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={avatarId}
          className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-400"
        >
          <ImagePlus aria-hidden="true" className="size-4" /> Channel avatar
        </label>
        {props.hasAvatar && (
          <Button variant="ghost" size="sm" onClick={props.onRemoveAvatar}>
            Remove avatar
          </Button>
        )}
        {props.avatarError && (
          <p role="alert" className="text-xs text-red-300">
            {props.avatarError}
          </p>
        )}
        <fieldset className="ml-auto flex items-center gap-1">
          <legend className="sr-only">YouTube theme</legend>
          {(['light', 'dark'] as const).map((theme) => (
            <Button
              key={theme}
              variant={props.theme === theme ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={props.theme === theme}
              onClick={() => props.onTheme(theme)}
            >
              {theme === 'light' ? (
                <Sun aria-hidden="true" className="size-4" />
              ) : (
                <Moon aria-hidden="true" className="size-4" />
              )}
              {theme === 'light' ? 'Light' : 'Dark'}
            </Button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
