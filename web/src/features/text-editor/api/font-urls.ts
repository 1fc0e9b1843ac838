import delaGothicOneCyrillic from '@fontsource/dela-gothic-one/files/dela-gothic-one-cyrillic-400-normal.woff?url&no-inline';
import delaGothicOneGreek from '@fontsource/dela-gothic-one/files/dela-gothic-one-greek-400-normal.woff?url&no-inline';
import delaGothicOneLatin from '@fontsource/dela-gothic-one/files/dela-gothic-one-latin-400-normal.woff?url&no-inline';
import delaGothicOneLatinExt from '@fontsource/dela-gothic-one/files/dela-gothic-one-latin-ext-400-normal.woff?url&no-inline';
import firaSansExtraCondensedCyrillic from '@fontsource/fira-sans-extra-condensed/files/fira-sans-extra-condensed-cyrillic-900-normal.woff?url&no-inline';
import firaSansExtraCondensedGreek from '@fontsource/fira-sans-extra-condensed/files/fira-sans-extra-condensed-greek-900-normal.woff?url&no-inline';
import firaSansExtraCondensedLatin from '@fontsource/fira-sans-extra-condensed/files/fira-sans-extra-condensed-latin-900-normal.woff?url&no-inline';
import firaSansExtraCondensedLatinExt from '@fontsource/fira-sans-extra-condensed/files/fira-sans-extra-condensed-latin-ext-900-normal.woff?url&no-inline';
import interTightCyrillic from '@fontsource/inter-tight/files/inter-tight-cyrillic-900-normal.woff?url&no-inline';
import interTightGreek from '@fontsource/inter-tight/files/inter-tight-greek-900-normal.woff?url&no-inline';
import interTightLatin from '@fontsource/inter-tight/files/inter-tight-latin-900-normal.woff?url&no-inline';
import interTightLatinExt from '@fontsource/inter-tight/files/inter-tight-latin-ext-900-normal.woff?url&no-inline';
import notoSansDisplayCyrillic from '@fontsource/noto-sans-display/files/noto-sans-display-cyrillic-900-normal.woff?url&no-inline';
import notoSansDisplayGreek from '@fontsource/noto-sans-display/files/noto-sans-display-greek-900-normal.woff?url&no-inline';
import notoSansDisplayLatin from '@fontsource/noto-sans-display/files/noto-sans-display-latin-900-normal.woff?url&no-inline';
import notoSansDisplayLatinExt from '@fontsource/noto-sans-display/files/noto-sans-display-latin-ext-900-normal.woff?url&no-inline';
import oiCyrillic from '@fontsource/oi/files/oi-cyrillic-400-normal.woff?url&no-inline';
import oiGreek from '@fontsource/oi/files/oi-greek-400-normal.woff?url&no-inline';
import oiLatin from '@fontsource/oi/files/oi-latin-400-normal.woff?url&no-inline';
import oiLatinExt from '@fontsource/oi/files/oi-latin-ext-400-normal.woff?url&no-inline';
import pressStartTwoPCyrillic from '@fontsource/press-start-2p/files/press-start-2p-cyrillic-400-normal.woff?url&no-inline';
import pressStartTwoPGreek from '@fontsource/press-start-2p/files/press-start-2p-greek-400-normal.woff?url&no-inline';
import pressStartTwoPLatin from '@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff?url&no-inline';
import pressStartTwoPLatinExt from '@fontsource/press-start-2p/files/press-start-2p-latin-ext-400-normal.woff?url&no-inline';
import robotoCondensedCyrillic from '@fontsource/roboto-condensed/files/roboto-condensed-cyrillic-900-normal.woff?url&no-inline';
import robotoCondensedGreek from '@fontsource/roboto-condensed/files/roboto-condensed-greek-900-normal.woff?url&no-inline';
import robotoCondensedLatin from '@fontsource/roboto-condensed/files/roboto-condensed-latin-900-normal.woff?url&no-inline';
import robotoCondensedLatinExt from '@fontsource/roboto-condensed/files/roboto-condensed-latin-ext-900-normal.woff?url&no-inline';
import sofiaSansExtraCondensedCyrillic from '@fontsource/sofia-sans-extra-condensed/files/sofia-sans-extra-condensed-cyrillic-900-normal.woff?url&no-inline';
import sofiaSansExtraCondensedGreek from '@fontsource/sofia-sans-extra-condensed/files/sofia-sans-extra-condensed-greek-900-normal.woff?url&no-inline';
import sofiaSansExtraCondensedLatin from '@fontsource/sofia-sans-extra-condensed/files/sofia-sans-extra-condensed-latin-900-normal.woff?url&no-inline';
import sofiaSansExtraCondensedLatinExt from '@fontsource/sofia-sans-extra-condensed/files/sofia-sans-extra-condensed-latin-ext-900-normal.woff?url&no-inline';
import type { FontId } from '@thumbnail-studio/contract';

/**
 * Where the browser fetches each text font's files: the same WOFF files, in the same lookup
 * order, that the server draws with (`fontFiles` in typeset). Only URLs live here; a font's files
 * are fetched when a layer first uses it.
 */
export const FONT_FILE_URLS: Record<FontId, string[]> = {
  'fira-sans-extra-condensed': [
    firaSansExtraCondensedLatin,
    firaSansExtraCondensedLatinExt,
    firaSansExtraCondensedCyrillic,
    firaSansExtraCondensedGreek,
  ],
  'roboto-condensed': [
    robotoCondensedLatin,
    robotoCondensedLatinExt,
    robotoCondensedCyrillic,
    robotoCondensedGreek,
  ],
  'sofia-sans-extra-condensed': [
    sofiaSansExtraCondensedLatin,
    sofiaSansExtraCondensedLatinExt,
    sofiaSansExtraCondensedCyrillic,
    sofiaSansExtraCondensedGreek,
  ],
  'dela-gothic-one': [delaGothicOneLatin, delaGothicOneLatinExt, delaGothicOneCyrillic, delaGothicOneGreek],
  'noto-sans-display': [
    notoSansDisplayLatin,
    notoSansDisplayLatinExt,
    notoSansDisplayCyrillic,
    notoSansDisplayGreek,
  ],
  'inter-tight': [interTightLatin, interTightLatinExt, interTightCyrillic, interTightGreek],
  oi: [oiLatin, oiLatinExt, oiCyrillic, oiGreek],
  'press-start-2p': [
    pressStartTwoPLatin,
    pressStartTwoPLatinExt,
    pressStartTwoPCyrillic,
    pressStartTwoPGreek,
  ],
};
