import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** Browser globals used inside page functions (the root tsconfig has no DOM lib). */
declare const DataTransfer: new () => { items: { add(file: File): void } };
declare const navigator: { clipboard: { writeText(text: string): Promise<void> } };

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

  /** The model the selector shows as chosen. */
  selectedProvider() {
    return this.providerSelect().locator('option:checked');
  }

  async send(text: string) {
    await this.messageBox().fill(text);
    await expect(this.sendButton()).toBeEnabled();
    await this.messageBox().press('Enter');
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
