import { expect, type Locator, type Page } from '@playwright/test';
import { mouseDrag, touchDrag } from '../support/pointer';

/** A point on the image as a share of its width and height (0 to 1). */
export interface ImagePoint {
  x: number;
  y: number;
}

/** The tinted overlay's pixels, as the page reads them (the root tsconfig has no DOM lib). */
interface OverlayCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/** The 'Edit a region' dialog of one image, opened from its scope (a chat message). */
export class RegionEditorPage {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Edit a region' });
  }

  async open() {
    await this.scope.getByRole('button', { name: 'Edit a region' }).click();
    await expect(this.dialog()).toBeVisible();
    await expect(this.image()).toBeVisible();
  }

  /** The image to paint on: it takes the pointer and, focused, the keyboard's rectangle. */
  image() {
    return this.dialog().getByRole('application', { name: 'Image to paint on' });
  }

  button(name: string) {
    return this.dialog().getByRole('button', { name, exact: true });
  }

  prompt() {
    return this.dialog().getByRole('textbox', { name: 'What should change there?' });
  }

  send() {
    return this.dialog().getByRole('button', { name: /^Send/ });
  }

  /** The rectangle the keyboard moves, drawn while the image has the keyboard. */
  keyboardRectangle() {
    return this.dialog().getByTestId('keyboard-rectangle');
  }

  /** How many of the overlay's pixels are painted (tinted). */
  paintedPixels(): Promise<number> {
    return this.dialog()
      .locator('canvas')
      .evaluate((element) => {
        const canvas = element as unknown as OverlayCanvas;
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let at = 3; at < data.length; at += 4) if ((data[at] ?? 0) > 0) painted++;
        return painted;
      });
  }

  /** Whether the overlay is painted at a point of the image. */
  paintedAt(point: ImagePoint): Promise<boolean> {
    return this.dialog()
      .locator('canvas')
      .evaluate((element, { x, y }) => {
        const canvas = element as unknown as OverlayCanvas;
        const pixel = canvas
          .getContext('2d')
          .getImageData(Math.floor(x * canvas.width), Math.floor(y * canvas.height), 1, 1);
        return (pixel.data[3] ?? 0) > 0;
      }, point);
  }

  /** Where a point of the image is on the screen. */
  async screenPoint({ x, y }: ImagePoint) {
    const box = await this.image().boundingBox();
    if (!box) throw new Error('the image is not on screen');
    return { x: box.x + x * box.width, y: box.y + y * box.height };
  }

  /** Drags with the mouse between two points of the image. */
  async drag(from: ImagePoint, to: ImagePoint) {
    await mouseDrag(this.page, await this.screenPoint(from), await this.screenPoint(to));
  }

  /** Drags one finger between two points of the image. */
  async touchDrag(from: ImagePoint, to: ImagePoint) {
    await touchDrag(this.page, await this.screenPoint(from), await this.screenPoint(to));
  }
}
