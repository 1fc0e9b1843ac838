import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { useRefreshProviders } from '../../features/chat/api/get-providers';
import { useProvider } from '../../features/chat/hooks/use-provider';
import { useRefreshConversations } from '../../features/conversations/api/get-conversations';
import { ConversationSidebar } from '../../features/conversations/components/conversation-sidebar';
import { useActiveConversation } from '../../features/conversations/hooks/use-active-conversation';
import { useRefreshCredits } from '../../features/credits/api/get-credits';
import { downloadImage } from '../../features/thumbnails/api/download-image';
import { errorMessage } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { readOwnKey, useOwnKeyProviders } from '../../lib/own-keys';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useCheckoutDialog } from '../hooks/use-checkout-dialog';
import { useOpenAt } from '../hooks/use-open-at';
import { useSidebar } from '../hooks/use-sidebar';
import { useStartFrom } from '../hooks/use-start-from';
import { AppHeader } from '../layout/app-header';
import { SkipToPrompt } from '../layout/skip-to-prompt';
import { StudioChat } from '../layout/studio-chat';

// The purchase dialog is not on the first paint: its code loads the first time it opens.
const PurchaseCreditsDialog = lazy(() =>
  import('../../features/checkout/components/purchase-credits-dialog').then((module) => ({
    default: module.PurchaseCreditsDialog,
  })),
);

// Settings → Your own API keys: loaded the first time it opens.
const OwnKeysDialog = lazy(() =>
  import('../../features/own-keys/components/own-keys-dialog').then((module) => ({
    default: module.OwnKeysDialog,
  })),
);

// Account → Brand kit: loaded the first time it opens.
const BrandKitDialog = lazy(() =>
  import('../../features/brand-kit/components/brand-kit-dialog').then((module) => ({
    default: module.BrandKitDialog,
  })),
);

/** The signed-in screen: the conversation sidebar on the left, the header and the chat beside it. */
export function MainScreen() {
  const sidebar = useSidebar();
  const openAt = useOpenAt();
  const active = useActiveConversation(openAt?.conversationId);
  const userId = useAuth().user?.id;
  const ownKeyProviders = useOwnKeyProviders(userId);
  const providers = useProvider(ownKeyProviders);
  const [ownKeysOpen, setOwnKeysOpen] = useState(false);
  const ownKeysOpened = useOpenedOnce(ownKeysOpen);
  const [brandKitOpen, setBrandKitOpen] = useState(false);
  const brandKitOpened = useOpenedOnce(brandKitOpen);
  const checkout = useCheckoutDialog();
  const refreshConversations = useRefreshConversations();
  const refreshCredits = useRefreshCredits();
  const refreshProviders = useRefreshProviders();
  const checkoutOpened = useOpenedOnce(checkout.open);
  const reference = useStartingReference(active.createNew);

  // The server reserves the credit on send and names the conversation after its first prompt, so
  // both are read back rather than guessed here.
  const refreshAfterChange = useCallback(() => {
    void refreshCredits();
    void refreshConversations();
  }, [refreshCredits, refreshConversations]);

  return (
    <div className="flex h-dvh overflow-hidden">
      <SkipToPrompt />
      {sidebar.open && !sidebar.isDesktop && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/60" onClick={sidebar.close} />
      )}
      <aside
        id="conversation-sidebar"
        aria-label="Conversation history"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-[272px] shrink-0 border-r border-zinc-800 bg-zinc-900 transition-[transform,visibility] duration-200 motion-reduce:transition-none',
          'md:static md:z-auto md:translate-x-0',
          sidebar.open ? 'visible translate-x-0' : 'invisible -translate-x-full md:hidden',
        )}
      >
        <ConversationSidebar
          conversations={active.conversations}
          selectedId={active.selectedId}
          isLoading={active.isLoading}
          loadError={active.loadError}
          isCreating={active.isCreating}
          onSelect={(id) => {
            active.select(id);
            sidebar.closeOnMobile();
          }}
          onCreate={() => {
            active
              .createNew()
              .then(sidebar.closeOnMobile, (error: unknown) => toast.error(errorMessage(error)));
          }}
          onDelete={active.deleteConversation}
          onRename={active.renameConversation}
        />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          sidebarOpen={sidebar.open}
          isDesktop={sidebar.isDesktop}
          onToggleSidebar={sidebar.toggle}
          providers={providers.options}
          provider={providers.provider}
          providersLoading={providers.isLoading}
          onProviderChange={providers.setProvider}
          onOpenCheckout={() => checkout.openCheckout()}
          onOpenOwnKeys={() => setOwnKeysOpen(true)}
          onOpenBrandKit={() => setBrandKitOpen(true)}
        />
        <main className="flex min-h-0 flex-1 flex-col">
          <StudioChat
            conversationId={active.selectedId}
            provider={providers.provider}
            ownKeyFor={(provider) => readOwnKey(userId, provider)}
            ensureConversation={active.ensureConversation}
            onMessageSent={refreshAfterChange}
            onInsufficientCredits={(message) => checkout.openCheckout(message)}
            onBuyCredits={() => checkout.openCheckout()}
            onGenerationSettled={() => {
              refreshAfterChange();
              // The job's durations now count in its provider's time left.
              void refreshProviders();
            }}
            focusMessageId={openAt?.messageId}
            reference={reference.file}
            onReferenceTaken={reference.taken}
          />
        </main>
      </div>
      {ownKeysOpened && userId && (
        <Suspense fallback={null}>
          <OwnKeysDialog open={ownKeysOpen} onOpenChange={setOwnKeysOpen} userId={userId} />
        </Suspense>
      )}
      {brandKitOpened && (
        <Suspense fallback={null}>
          <BrandKitDialog open={brandKitOpen} onOpenChange={setBrandKitOpen} />
        </Suspense>
      )}
      {checkoutOpened && (
        <Suspense fallback={null}>
          <PurchaseCreditsDialog
            open={checkout.open}
            reason={checkout.reason}
            purchasedCredits={checkout.purchasedCredits}
            onOpenChange={checkout.onOpenChange}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * "More like the winner": when the address names an image to start from, a new conversation
 * opens with that image (its YouTube JPEG) as the reference of the message to write.
 */
function useStartingReference(createNew: () => Promise<string>) {
  const startFrom = useStartFrom();
  const [file, setFile] = useState<File | null>(null);
  // Once per page load, whatever re-renders (or a development double effect) come.
  const started = useRef(false);
  useEffect(() => {
    if (!startFrom || started.current) return;
    started.current = true;
    Promise.all([downloadImage(startFrom.messageId, 'jpeg', startFrom.index), createNew()]).then(
      ([picture]) => setFile(new File([picture], 'winner.jpg', { type: picture.type || 'image/jpeg' })),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [startFrom, createNew]);
  return { file, taken: useCallback(() => setFile(null), []) };
}
