import { expect, type Locator, type Page } from '@playwright/test';
import { mouseDrag, touchDrag } from '../support/pointer';

/** A text layer's box as the editor's canvas holds it, in 1280x720 frame pixels. */
export interface FrameBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The 'Edit text' dialog of one image, opened from its scope (a chat message). */
export class TextEditorPage {
  constructor(
    readonly page: Page,
    readonly scope: Locator,
  ) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Edit text' });
  }

  async open() {
    await this.scope.getByRole('button', { name: 'Edit text' }).click();
    await expect(this.dialog()).toBeVisible();
    await expect(this.canvas().locator('canvas').first()).toBeVisible();
  }

  canvas() {
    return this.dialog().getByRole('application');
  }

  layers() {
    return this.dialog().getByRole('complementary', { name: 'Text layers' }).getByRole('listitem');
  }

  words() {
    return this.dialog().getByRole('textbox', { name: 'Words' });
  }

  font() {
    return this.dialog().getByRole('combobox', { name: 'Font' });
  }

  colour() {
    return this.dialog().getByLabel('Colour', { exact: true });
  }

  save() {
    return this.dialog().getByRole('button', { name: 'Save', exact: true });
  }

  /** The text layers' boxes as drawn on the canvas, in frame pixels. */
  boxes(): Promise<FrameBox[]> {
    return this.boxesNamed('.text-layer');
  }

  /** The logo layer's box as drawn on the canvas (none or one), in frame pixels. */
  logoBoxes(): Promise<FrameBox[]> {
    return this.boxesNamed('.logo-layer');
  }

  private boxesNamed(name: string): Promise<FrameBox[]> {
    return this.page.evaluate((name) => {
      type Node = {
        x(): number;
        y(): number;
        findOne(selector: string): { width(): number; height(): number };
      };
      const konva = (globalThis as unknown as { Konva: { stages: { find(selector: string): Node[] }[] } })
        .Konva;
      const stage = konva.stages.at(-1);
      return (stage?.find(name) ?? []).map((group) => {
        const rect = group.findOne('Rect');
        return { x: group.x(), y: group.y(), width: rect.width(), height: rect.height() };
      });
    }, name);
  }

  /** What the canvas paints (the base and the layers, no guides or handles) as a 1280x720 PNG. */
  async picture(): Promise<Buffer> {
    const url = await this.page.evaluate(() => {
      type Stage = { width(): number; findOne(selector: string): { toDataURL(config: object): string } };
      const stage = (globalThis as unknown as { Konva: { stages: Stage[] } }).Konva.stages.at(-1);
      if (!stage) throw new Error('no canvas');
      return stage.findOne('.picture').toDataURL({ pixelRatio: 1280 / stage.width(), mimeType: 'image/png' });
    });
    return Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64');
  }

  /** Where a frame point is on the screen. */
  async screenPoint(x: number, y: number): Promise<{ x: number; y: number }> {
    const canvas = await this.canvas().boundingBox();
    if (!canvas) throw new Error('the canvas is not on screen');
    const scale = canvas.width / 1280;
    return { x: canvas.x + x * scale, y: canvas.y + y * scale };
  }

  /** Drags with the mouse from a frame point by (`dx`, `dy`) frame pixels. */
  async dragBy(from: { x: number; y: number }, dx: number, dy: number) {
    const start = await this.screenPoint(from.x, from.y);
    await mouseDrag(this.page, start, await this.screenPoint(from.x + dx, from.y + dy));
  }

  /** Drags with one finger from a frame point by (`dx`, `dy`) frame pixels. */
  async touchDragBy(from: { x: number; y: number }, dx: number, dy: number) {
    const start = await this.screenPoint(from.x, from.y);
    await touchDrag(this.page, start, await this.screenPoint(from.x + dx, from.y + dy));
  }
}
