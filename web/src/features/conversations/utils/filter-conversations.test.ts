import { describe, expect, it } from 'vitest';
import { filterByTitle, offersSearch } from './filter-conversations';

const titled = (...titles: string[]) => titles.map((title, index) => ({ id: String(index), title }));

describe('filterByTitle', () => {
  it('keeps the titles holding the query, whatever the case, in their order', () => {
    const list = titled('Gaming: BOSS fight', 'Cooking pasta', 'boss battle recap');
    expect(filterByTitle(list, 'boss').map(({ title }) => title)).toEqual([
      'Gaming: BOSS fight',
      'boss battle recap',
    ]);
  });

  it('lists everything for a blank query and nothing when no title matches', () => {
    const list = titled('One', 'Two');
    expect(filterByTitle(list, '   ')).toEqual(list);
    expect(filterByTitle(list, ' three ')).toEqual([]);
  });
});

describe('offersSearch', () => {
  it('offers a search box past 8 conversations, and keeps it while a search is typed', () => {
    expect(offersSearch(8, '')).toBe(false);
    expect(offersSearch(9, '')).toBe(true);
    expect(offersSearch(3, 'pasta')).toBe(true);
  });
});
