import { LEGIBILITY_FRAME, type TextBox } from '@thumbnail-studio/contract';
import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-error';
import { useEditText } from '../../../../lib/edit-text';
import type { RegionSendProps } from '../../../../lib/region-send';
import { boxesMask } from '../../utils/boxes-mask';
import { READINESS_EXPLAINER, type ReadinessFix, type ReadinessItem } from '../../utils/readiness';

interface ReadinessPanelProps {
  items: ReadinessItem[];
  messageId: string;
  imageIndex: number;
  /** The chat's send, for paid fixes; absent outside a chat (the gallery), where they are only described. */
  send?: RegionSendProps;
  /** Whether the warnings' places are outlined on the preview. */
  outlined: boolean;
  onOutlined(outlined: boolean): void;
  /** A fix was applied or sent: its new image is on its way to the chat. */
  onFixed(): void;
}

/** A region edit's painted area grown around the problem's boxes, so the change has room. */
const GROW_SHARE = 0.5;
function grown(box: TextBox): TextBox {
  const by = Math.max(box.y1 - box.y0, 24) * GROW_SHARE;
  return {
    x0: Math.max(0, box.x0 - by),
    y0: Math.max(0, box.y0 - by),
    x1: Math.min(LEGIBILITY_FRAME.width, box.x1 + by),
    y1: Math.min(LEGIBILITY_FRAME.height, box.y1 + by),
  };
}

const ICONS = {
  pass: { Icon: CircleCheck, className: 'text-emerald-400', word: 'Pass' },
  warn: { Icon: CircleAlert, className: 'text-amber-400', word: 'Warning' },
  unknown: { Icon: CircleHelp, className: 'text-zinc-400', word: 'Not known' },
} as const;

/** A paid fix: the edit's instruction, for the creator to read and change, and its send. */
function EditFix({
  fix,
  messageId,
  imageIndex,
  send,
  onFixed,
}: {
  fix: Extract<ReadinessFix, { kind: 'edit' }>;
  messageId: string;
  imageIndex: number;
  send?: RegionSendProps;
  onFixed(): void;
}) {
  const [open, setOpen] = useState(false);
  const [instruction, setInstruction] = useState(fix.instruction);
  const [sending, setSending] = useState(false);
  const id = useId();
  const where = fix.boxes.length > 0 ? ' The outlined area is changed; the rest stays as it is.' : '';
  if (!send) {
    return (
      <p className="text-xs text-zinc-400">
        To fix it, open the conversation and ask for this edit: “{fix.instruction}”
      </p>
    );
  }
  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Fix with an edit…
      </Button>
    );
  }
  const onSend = async () => {
    setSending(true);
    try {
      const mask = fix.boxes.length > 0 ? boxesMask(fix.boxes.map(grown)) : undefined;
      if (await send.onSend({ messageId, index: imageIndex, content: instruction.trim(), mask })) onFixed();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onSend();
      }}
    >
      <label htmlFor={id} className="text-xs text-zinc-300">
        The edit to send{where}
      </label>
      <textarea
        id={id}
        value={instruction}
        onChange={(event) => setInstruction(event.target.value)}
        rows={3}
        className="w-full rounded-lg border border-zinc-600 bg-zinc-900 p-2 text-sm text-zinc-100"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={sending || send.busy || !instruction.trim()}>
          Send edit
        </Button>
        <span className="text-xs text-zinc-400">{send.costText}</span>
      </div>
    </form>
  );
}

/** A free fix: the layers as it sets them, applied at once. */
function LayersFix({
  fix,
  busy,
  onApply,
}: {
  fix: Extract<ReadinessFix, { kind: 'layers' }>;
  busy: boolean;
  onApply(fix: Extract<ReadinessFix, { kind: 'layers' }>): Promise<void>;
}) {
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onApply(fix)}>
      {fix.label} (free)
    </Button>
  );
}

/**
 * The readiness check beside the preview: each item passed or warned in plain words, the
 * warnings' places outlined on the thumbnails, and each warning's fix. Text-layer fixes apply at
 * once, free; picture fixes show the edit they would send (1 credit, as any edit).
 */
export function ReadinessPanel(props: ReadinessPanelProps) {
  const { items, messageId, imageIndex, send, outlined, onOutlined, onFixed } = props;
  const editText = useEditText();
  const warnings = items.filter((item) => item.ok === false).length;
  const applyLayers = async (fix: Extract<ReadinessFix, { kind: 'layers' }>) => {
    try {
      await editText.mutateAsync({ messageId, image: imageIndex, layers: fix.layers });
      toast.success('Fixed for free: the new image is in the conversation.');
      onFixed();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section aria-labelledby="readiness-heading" className="mt-4 rounded-xl border border-zinc-700 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="readiness-heading" className="text-base font-semibold">
          Readiness{' '}
          <span className="text-sm font-normal text-zinc-400">
            · {warnings === 0 ? 'nothing to fix' : `${warnings} to fix`}
          </span>
        </h3>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input type="checkbox" checked={outlined} onChange={(event) => onOutlined(event.target.checked)} />
          Outline on the preview
        </label>
      </div>
      <p className="mt-1 text-sm text-zinc-400">{READINESS_EXPLAINER}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((item) => {
          const look = ICONS[item.ok === null ? 'unknown' : item.ok ? 'pass' : 'warn'];
          return (
            <li key={item.id} aria-label={item.label} className="flex items-start gap-2 text-sm">
              <look.Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.className}`} />
              <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
                <p>
                  <span className="font-medium">{item.label}</span>
                  <span className="sr-only"> ({look.word})</span>: {item.says}
                </p>
                {item.ok === false && item.fix?.kind === 'layers' && (
                  <LayersFix fix={item.fix} busy={editText.isPending} onApply={applyLayers} />
                )}
                {item.ok === false && item.fix?.kind === 'edit' && (
                  <EditFix
                    fix={item.fix}
                    messageId={messageId}
                    imageIndex={imageIndex}
                    send={send}
                    onFixed={onFixed}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
