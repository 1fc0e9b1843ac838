import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TitleIdeas } from './title-ideas';

interface ConversationTitleIdeasProps {
  /** None yet (a new chat): the button is not shown. */
  conversationId: string | null;
  provider?: string | undefined;
}

/** The chat input's 'Title ideas' button: a dialog with title ideas for the open conversation. */
export function ConversationTitleIdeas({ conversationId, provider }: ConversationTitleIdeasProps) {
  const [open, setOpen] = useState(false);
  if (!conversationId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Title ideas"
        aria-haspopup="dialog"
        title="Title ideas for this conversation's thumbnail"
        onClick={() => setOpen(true)}
      >
        <Lightbulb aria-hidden="true" className="size-5" />
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Title ideas"
        description="Five titles that go with this conversation's latest thumbnail without repeating its text. Free."
      >
        <TitleIdeas key={conversationId} conversationId={conversationId} provider={provider} />
      </Dialog>
    </>
  );
}
