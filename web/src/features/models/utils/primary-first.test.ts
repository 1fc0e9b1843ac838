import { describe, expect, it } from 'vitest';
import { primaryFirst } from './primary-first';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('primaryFirst', () => {
  it('moves the chosen primary to the front and keeps the others in order', () => {
    expect(primaryFirst(items, 'c').map((item) => item.id)).toEqual(['c', 'a', 'b']);
    expect(primaryFirst(items, 'a').map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order when the primary is unknown', () => {
    expect(primaryFirst(items, null).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(primaryFirst(items, 'gone').map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});
