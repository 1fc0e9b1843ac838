import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { COPIED_FEEDBACK_MS } from '../../config/constants';
import { paths } from '../../config/paths';

/** Copies the app's address; the label reads 'Copied!' for 2 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

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
