import { type BrandKit, type LogoLayer, logoLayerBox } from '@thumbnail-studio/contract';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface LogoControlsProps {
  logo: LogoLayer | null;
  selected: boolean;
  /** The creator's brand kit, once read: its logo can be put on an image that has none. */
  kit: BrandKit | undefined;
  onSelect(): void;
  onAdd(logo: LogoLayer): void;
  onRemove(): void;
}

/**
 * The image's logo layer: choose it (to move or resize it on the canvas, or with the arrow keys),
 * delete it, or put the brand kit's logo on an image that has none, in the kit's corner and size.
 */
export function LogoControls({ logo, selected, kit, onSelect, onAdd, onRemove }: LogoControlsProps) {
  const kitLogo = kit?.logo;
  const kitBox = kit && logoLayerBox(kit);
  if (!logo && !(kitLogo && kitBox)) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-100">Logo</h3>
      {logo ? (
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-pressed={selected}
            onClick={onSelect}
            className={cn(
              'min-w-0 flex-1 truncate rounded-lg px-2 py-1.5 text-left text-sm text-zinc-200 hover:bg-zinc-800',
              selected && 'bg-zinc-800 ring-1 ring-accent-500',
            )}
          >
            Your logo
          </button>
          <Button size="sm" variant="ghost" aria-label="Delete the logo" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : (
        kitLogo &&
        kitBox && (
          <Button size="sm" variant="secondary" onClick={() => onAdd({ url: kitLogo.url, box: kitBox })}>
            <ImagePlus aria-hidden="true" className="size-4" /> Add your logo
          </Button>
        )
      )}
    </div>
  );
}
