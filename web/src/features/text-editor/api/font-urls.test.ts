import { FONT_IDS } from '@thumbnail-studio/contract';
import { fontFiles } from '@thumbnail-studio/typeset';
import { describe, expect, it } from 'vitest';
import { FONT_FILE_URLS } from './font-urls';

describe("the editor's font files", () => {
  it('are the files the server draws with, in its lookup order, for every font', () => {
    for (const id of FONT_IDS) {
      const names = FONT_FILE_URLS[id].map((url) => url.split('/').pop()?.split('?')[0]);
      expect(names, id).toEqual(fontFiles(id).map((path) => path.split('/').pop()));
    }
  });
});
