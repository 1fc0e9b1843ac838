/** The tools that paint with the pointer. */
export type PaintTool = 'brush' | 'eraser' | 'rectangle';
