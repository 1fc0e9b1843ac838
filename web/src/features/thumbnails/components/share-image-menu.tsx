import { Check, Link2, Link2Off, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import * as DropdownMenu from '../../../components/ui/dropdown-menu';
import { useShareLink } from '../hooks/use-share-link';

interface ShareImageMenuProps {
  messageId: string;
  /** Which of the message's images (its variations); the first by default. */
  imageIndex?: number;
  /** The image's own link, while it is shared. */
  shareToken: string | null;
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-zinc-100 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-zinc-800';

/**
 * An image's share action: a menu that makes a public link to the image and copies it (the button
 * reads 'Copied!' for 2 seconds), and, while it is shared, stops sharing it.
 */
export function ShareImageMenu({ messageId, imageIndex = 0, shareToken }: ShareImageMenuProps) {
  const link = useShareLink(messageId, imageIndex, shareToken);
  const label = link.copied ? 'Copied!' : link.shared ? 'Shared' : 'Share';
  const Icon = link.copied ? Check : Share2;
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" busy={link.busy}>
          {!link.busy && <Icon aria-hidden="true" className="size-4" />} {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-60 max-w-[calc(100vw-16px)] rounded-xl border border-zinc-800 bg-zinc-900 p-1.5 text-sm shadow-xl"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-zinc-300">
            {link.shared
              ? 'Anyone with the link can see this thumbnail.'
              : 'Make a link anyone can open to see this thumbnail.'}
          </DropdownMenu.Label>
          <DropdownMenu.Item className={ITEM} onSelect={() => void link.copyLink()}>
            <Link2 aria-hidden="true" className="size-4" />
            {link.shared ? 'Copy link' : 'Copy public link'}
          </DropdownMenu.Item>
          {link.shared && (
            <DropdownMenu.Item className={ITEM} onSelect={() => void link.stopSharing()}>
              <Link2Off aria-hidden="true" className="size-4" />
              Stop sharing
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
