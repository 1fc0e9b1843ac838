/**
 * The part of opentype.js the text layout uses. Its DefinitelyTyped package pulls the DOM's types
 * into every file of the backend, which would hide browser-only globals used by mistake.
 */
declare module 'opentype.js' {
  export interface BoundingBox {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  /** One drawing command of a glyph's outline, in the font size's pixels (y down). */
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  export interface Path {
    commands: PathCommand[];
    /** Path data with this many decimals (the number form: y as the font draws it, not flipped). */
    toPathData(decimalPlaces: number): string;
    getBoundingBox(): BoundingBox;
  }
  export interface Glyph {
    advanceWidth?: number;
    getBoundingBox(): BoundingBox;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    getPath(text: string, x: number, y: number, fontSize: number): Path;
    getAdvanceWidth(text: string, fontSize: number): number;
    hasChar(c: string): boolean;
    charToGlyph(c: string): Glyph;
    getEnglishName(name: string): string | undefined;
  }
  export function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
