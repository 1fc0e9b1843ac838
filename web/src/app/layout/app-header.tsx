import type { ProviderOption } from '@thumbnail-studio/contract';
import { Images, Menu, PanelLeft, PanelLeftClose, ShoppingCart } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { UserMenu } from '../../features/auth/components/user-menu';
import { ProviderSelect } from '../../features/chat/components/provider-select';
import { CreditsMenu } from '../../features/credits/components/credits-menu';
import { useToastClearance } from '../hooks/use-toast-clearance';
import { ShareButton } from './share-button';

interface AppHeaderProps {
  sidebarOpen: boolean;
  isDesktop: boolean;
  onToggleSidebar(): void;
  providers: readonly ProviderOption[];
  provider: string | undefined;
  providersLoading: boolean;
  onProviderChange(provider: string): void;
  onOpenCheckout(): void;
  /** Settings → Your own API keys. */
  onOpenOwnKeys(): void;
  /** Account → Brand kit. */
  onOpenBrandKit(): void;
}

/**
 * Sidebar toggle, title, model selector, credits (a menu: buy credits, credit history), share, buy
 * credits, the gallery and the account menu; two rows on phones, where the selector gets the
 * title's width.
 */
export function AppHeader(props: AppHeaderProps) {
  const { sidebarOpen, isDesktop, onToggleSidebar, providers, provider, onProviderChange, onOpenCheckout } =
    props;
  const ToggleIcon = isDesktop ? (sidebarOpen ? PanelLeftClose : PanelLeft) : Menu;
  const headerRef = useRef<HTMLElement>(null);
  useToastClearance(headerRef);
  return (
    // Phones: two rows on a grid, the title with the gallery, the balance and the account, then the
    // model selector with the whole width of the title and the gallery, beside share and buy.
    // Wider screens: one row.
    <header
      ref={headerRef}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto_auto_auto] items-center gap-2 border-b border-zinc-800 bg-zinc-950 px-3 py-2 md:flex md:px-4"
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={sidebarOpen}
        aria-controls="conversation-sidebar"
        onClick={onToggleSidebar}
        className="row-start-1"
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </Button>
      <h1 className="col-start-2 row-start-1 min-w-0 truncate md:mr-auto text-lg font-semibold text-zinc-50">
        Create Thumbnails
      </h1>
      <div className="col-span-3 col-start-1 row-start-2 flex min-w-0">
        <ProviderSelect
          options={providers}
          value={provider}
          loading={props.providersLoading}
          onChange={onProviderChange}
        />
      </div>
      <Link
        href={paths.gallery}
        className="col-start-3 row-start-1 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-zinc-200 hover:bg-zinc-800 hover:text-zinc-50"
      >
        <Images aria-hidden="true" className="size-5" />
        <span className="sr-only lg:not-sr-only">Gallery</span>
      </Link>
      <div className="col-start-4 row-start-1 justify-self-end">
        <CreditsMenu onBuy={onOpenCheckout} />
      </div>
      <div className="col-start-4 row-start-2 justify-self-end">
        <ShareButton />
      </div>
      <Button size="sm" className="col-start-5 row-start-2 h-9" onClick={onOpenCheckout}>
        <ShoppingCart aria-hidden="true" className="size-4" />
        <span className="sr-only lg:not-sr-only">Buy Credits</span>
      </Button>
      <div className="col-start-5 row-start-1 justify-self-end">
        <UserMenu onOpenOwnKeys={props.onOpenOwnKeys} onOpenBrandKit={props.onOpenBrandKit} />
      </div>
    </header>
  );
}
