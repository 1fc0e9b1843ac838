import { Check, Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useCopiedFeedback } from '../../lib/use-copied-feedback';

/** Copies the app's address; the label reads 'Copied!' for 2 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useCopiedFeedback();

  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${paths.home}`);
      setCopied(true);
    } catch {
      toast.error('Could not copy the link');
    }
  };

  return (
    <Button variant="secondary" size="sm" className="h-9" onClick={share}>
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Share2 aria-hidden="true" className="size-4" />
      )}
      <span className={copied ? undefined : 'sr-only lg:not-sr-only'}>{copied ? 'Copied!' : 'Share'}</span>
    </Button>
  );
}
