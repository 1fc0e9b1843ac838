import type { MaskContext } from '../features/region-editor/utils/draw-mask';

/**
 * A tiny stand-in for a browser canvas's 2D context, for tests in Node: it fills paths (nonzero
 * winding, sampled at each pixel's centre) and rectangles, painting or cutting away as its
 * composite operation says, and answers which pixels are painted.
 */
export class RasterContext implements MaskContext {
  globalCompositeOperation: GlobalCompositeOperation = 'source-over';
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  filter = 'none';
  private readonly painted: Uint8Array;
  private path: [number, number][][] = [];
  private saved: { operation: GlobalCompositeOperation; filter: string }[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.painted = new Uint8Array(width * height);
  }

  isPainted(x: number, y: number): boolean {
    return this.painted[Math.floor(y) * this.width + Math.floor(x)] === 1;
  }

  count(): number {
    return this.painted.reduce((sum, value) => sum + value, 0);
  }

  save() {
    this.saved.push({ operation: this.globalCompositeOperation, filter: this.filter });
  }

  restore() {
    const state = this.saved.pop();
    if (!state) return;
    this.globalCompositeOperation = state.operation;
    this.filter = state.filter;
  }

  beginPath() {
    this.path = [];
  }

  moveTo(x: number, y: number) {
    this.path.push([[x, y]]);
  }

  lineTo(x: number, y: number) {
    this.path.at(-1)?.push([x, y]);
  }

  closePath() {}

  fill() {
    this.each((x, y) => this.winding(x, y) !== 0);
  }

  fillRect(left: number, top: number, width: number, height: number) {
    this.each((x, y) => x >= left && x < left + width && y >= top && y < top + height);
  }

  private each(inside: (x: number, y: number) => boolean) {
    const value = this.globalCompositeOperation === 'destination-out' ? 0 : 1;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        if (inside(x + 0.5, y + 0.5)) this.painted[y * this.width + x] = value;
      }
    }
  }

  private winding(px: number, py: number): number {
    let winding = 0;
    for (const polygon of this.path) {
      polygon.forEach(([x0, y0], index) => {
        const [x1, y1] = polygon[(index + 1) % polygon.length] ?? [x0, y0];
        const side = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0);
        if (y0 <= py && y1 > py && side > 0) winding++;
        else if (y0 > py && y1 <= py && side < 0) winding--;
      });
    }
    return winding;
  }
}
