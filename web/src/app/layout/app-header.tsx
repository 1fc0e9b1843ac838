import type { ProviderOption } from '@thumbnail-studio/contract';
import { Images, Menu, PanelLeft, PanelLeftClose, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { UserMenu } from '../../features/auth/components/user-menu';
import { ProviderSelect } from '../../features/chat/components/provider-select';
import { CreditsMenu } from '../../features/credits/components/credits-menu';
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
}

/**
 * Sidebar toggle, title, model selector, credits (a menu: buy credits, credit history), share, buy
 * credits, the gallery and the account menu; two rows on phones.
 */
export function AppHeader(props: AppHeaderProps) {
  const { sidebarOpen, isDesktop, onToggleSidebar, providers, provider, onProviderChange, onOpenCheckout } =
    props;
  const ToggleIcon = isDesktop ? (sidebarOpen ? PanelLeftClose : PanelLeft) : Menu;
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-zinc-800 bg-zinc-950 px-3 py-2 md:flex-nowrap md:px-4">
      <Button
        variant="ghost"
        size="icon"
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={sidebarOpen}
        aria-controls="conversation-sidebar"
        onClick={onToggleSidebar}
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </Button>
      <h1 className="mr-auto truncate text-lg font-semibold text-zinc-50">Create Thumbnails</h1>
      <div className="order-last flex w-full items-center gap-2 md:order-none md:w-auto">
        <ProviderSelect
          options={providers}
          value={provider}
          loading={props.providersLoading}
          onChange={onProviderChange}
        />
        <span className="flex-1 md:hidden" />
        <CreditsMenu onBuy={onOpenCheckout} />
        <ShareButton />
        <Button size="sm" className="h-9" onClick={onOpenCheckout}>
          <ShoppingCart aria-hidden="true" className="size-4" />
          <span className="sr-only lg:not-sr-only">Buy Credits</span>
        </Button>
      </div>
      <Link
        href={paths.gallery}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-zinc-200 hover:bg-zinc-800 hover:text-zinc-50"
      >
        <Images aria-hidden="true" className="size-5" />
        <span className="sr-only lg:not-sr-only">Gallery</span>
      </Link>
      <UserMenu />
    </header>
  );
}
