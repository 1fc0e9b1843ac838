import { describe, expect, it } from 'vitest';
import { clampTextareaHeight } from './textarea-height';

describe('clampTextareaHeight', () => {
  it('follows the content below the limit', () => {
    expect(clampTextareaHeight(48)).toEqual({ height: 48, scrolls: false });
    expect(clampTextareaHeight(199.5)).toEqual({ height: 200, scrolls: false });
  });

  it('stops at 200 px and lets the content scroll', () => {
    expect(clampTextareaHeight(200)).toEqual({ height: 200, scrolls: false });
    expect(clampTextareaHeight(640)).toEqual({ height: 200, scrolls: true });
  });

  it('accepts another limit', () => {
    expect(clampTextareaHeight(150, 120)).toEqual({ height: 120, scrolls: true });
  });
});
