import { OWN_KEY_PROVIDERS } from '@thumbnail-studio/contract';
import { Dialog } from '../../../components/ui/dialog';
import { OwnKeyRow } from './own-key-row';

interface OwnKeysDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The signed-in user: keys are kept for them alone. */
  userId: string;
}

/** The line that says where a key is kept and who pays for what it makes. */
export const OWN_KEYS_NOTE =
  'Your keys are kept in this browser only and never sent to Thumbnail Studio; signing out forgets them unless you chose to remember them on this device. Images you make with your own key cost no credits: the provider bills your own account for them.';

/**
 * Settings → Your own API keys: an OpenAI and a Gemini key the creator brings, each added,
 * tested with one cheap call, shown masked and removable. With a key, that provider is offered
 * in the model picker and is called from this browser.
 */
export function OwnKeysDialog({ open, onOpenChange, userId }: OwnKeysDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Your own API keys" description={OWN_KEYS_NOTE}>
      <div className="mt-5 flex flex-col gap-6">
        {OWN_KEY_PROVIDERS.map((provider) => (
          <OwnKeyRow key={provider} provider={provider} userId={userId} />
        ))}
      </div>
    </Dialog>
  );
}
