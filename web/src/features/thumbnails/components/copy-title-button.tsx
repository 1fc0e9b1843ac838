import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useCopiedFeedback } from '../../../lib/use-copied-feedback';

/** Copies one title idea to the clipboard; reads 'Copied!' for a moment after. */
export function CopyTitleButton({ title }: { title: string }) {
  const [copied, setCopied] = useCopiedFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(title);
      setCopied(true);
    } catch {
      toast.error('Could not copy the title: select it and copy it instead.');
    }
  };
  return (
    <Button variant="ghost" size="sm" aria-label={`Copy: ${title}`} onClick={copy}>
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
