import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** Browser globals used inside page functions (the root tsconfig has no DOM lib). */
declare const DataTransfer: new () => { items: { add(file: File): void } };
declare const navigator: { clipboard: { writeText(text: string): Promise<void> } };

interface ScrollBox {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}

/**
 * Reads (and with `toBottom`, first scrolls) the element that scrolls the message list: the log's
 * nearest ancestor with its own scroll bar. Runs in the page, so it carries everything it uses.
 */
function measureScroller(log: unknown, toBottom: boolean): ScrollBox {
  type Box = ScrollBox & { parentElement: Box | null };
  const style = (element: Box) =>
    (globalThis as unknown as { getComputedStyle(e: Box): { overflowY: string } }).getComputedStyle(element);
  let element = (log as Box).parentElement;
  while (element && style(element).overflowY !== 'auto') element = element.parentElement;
  if (!element) throw new Error('the message list has no scroller');
  if (toBottom) element.scrollTop = element.scrollHeight;
  return {
    scrollHeight: element.scrollHeight,
    scrollTop: element.scrollTop,
    clientHeight: element.clientHeight,
  };
}

/** A real PNG made on the fly, as a user would drop one from their disk. */
export async function makeReferencePng(width = 640, height = 360): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .composite([
      {
        input: await sharp({ create: { width: width / 2, height, channels: 3, background: '#facc15' } })
          .png()
          .toBuffer(),
        left: width / 2,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** The chat: the message log, the input with its reference chips, and image messages. */
export class ChatPage {
  constructor(readonly page: Page) {}

  log() {
    return this.page.getByRole('log', { name: 'Messages' });
  }

  assistantMessages() {
    return this.log().getByRole('article', { name: 'Assistant message' });
  }

  userMessages() {
    return this.log().getByRole('article', { name: 'Your message' });
  }

  /** The assistant's answers that hold a generated image. */
  imageMessages() {
    return this.assistantMessages().filter({
      has: this.page.getByRole('link', { name: 'Open full size image' }),
    });
  }

  /** What the legibility check says under an image's actions. */
  legibilityNote(image = this.imageMessages().last()) {
    return image.getByRole('region', { name: 'Text legibility' });
  }

  /** What the likeness check says of the featured people under an image. */
  likenessNote(image = this.imageMessages().last()) {
    return image.getByRole('region', { name: 'Likeness' });
  }

  /** Assistant messages whose job is still running. */
  pendingMessages() {
    return this.log().locator('article[aria-busy="true"]');
  }

  messageBox() {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  sendButton() {
    return this.page.getByRole('button', { name: 'Send message' });
  }

  attachments() {
    return this.page.getByRole('list', { name: 'Attached references' }).getByRole('listitem');
  }

  providerSelect() {
    return this.page.getByRole('combobox', { name: 'AI model' });
  }

  /** Whether the chosen model's whole name fits in the selector, between its paddings (no ellipsis). */
  providerNameFits() {
    return this.providerSelect().evaluate((select) => {
      type Select = {
        clientWidth: number;
        selectedOptions: { text: string }[];
      };
      type Style = { font: string; paddingLeft: string; paddingRight: string };
      type Canvas = {
        getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
      };
      const page = globalThis as unknown as {
        getComputedStyle(element: unknown): Style;
        document: { createElement(tag: 'canvas'): Canvas };
      };
      const style = page.getComputedStyle(select);
      const context = page.document.createElement('canvas').getContext('2d');
      context.font = style.font;
      const { clientWidth, selectedOptions } = select as unknown as Select;
      const room = clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(selectedOptions[0]?.text ?? '').width <= room;
    });
  }

  /** The model the selector shows as chosen. */
  selectedProvider() {
    return this.providerSelect().locator('option:checked');
  }

  async send(text: string) {
    await this.messageBox().fill(text);
    await expect(this.sendButton()).toBeEnabled();
    await this.messageBox().press('Enter');
  }

  /** How many variations the next message asks for. */
  variationsSelect() {
    return this.page.getByRole('combobox', { name: 'Variations' });
  }

  /** The answers that show several variations, as a grid. */
  variationMessages() {
    return this.assistantMessages().filter({ has: this.page.getByRole('list', { name: 'Variations' }) });
  }

  /** Variation `n` (from 1) of the latest answer with variations. */
  variation(n: number) {
    return this.variationMessages()
      .last()
      .getByRole('figure', { name: new RegExp(`^Variation ${n} of \\d$`) });
  }

  /** The note saying which variation the next message edits. */
  chosenVariationNotice() {
    return this.page.getByRole('status').filter({ hasText: 'Your next message edits variation' });
  }

  /** The note under the message box while a send waits for its references. */
  queuedSendNotice() {
    return this.page.getByRole('status').filter({ hasText: 'Sending as soon as' });
  }

  /** How many pixels of the message list lie below what the scroller shows. */
  async distanceFromBottom() {
    const box = await this.log().evaluate(measureScroller, false);
    return box.scrollHeight - box.scrollTop - box.clientHeight;
  }

  /** Whether the message list is longer than its scroller, so it scrolls at all. */
  async overflows() {
    const box = await this.log().evaluate(measureScroller, false);
    return box.scrollHeight > box.clientHeight;
  }

  /** Scrolls the message list to its newest message, as a creator reading it would. */
  async scrollToBottom() {
    await this.log().evaluate(measureScroller, true);
  }

  /** Drops image files on the chat area the way a browser does: dragenter, dragover, drop. */
  async dropFile(name: string, mimeType: string, bytes: Buffer) {
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, mimeType, base64 }) => {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], name, { type: mimeType }));
        return transfer;
      },
      { name, mimeType, base64: bytes.toString('base64') },
    );
    const target = this.log();
    await target.dispatchEvent('dragenter', { dataTransfer });
    await expect(this.page.getByText('Drop images to use them as references')).toBeVisible();
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  /** Pastes text into the message box through the real clipboard. */
  async paste(text: string) {
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await this.messageBox().focus();
    await this.page.keyboard.press('ControlOrMeta+V');
  }
}
