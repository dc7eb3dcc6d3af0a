// Attribution for the bundled open curriculum (content/open-curriculum/), which
// is licensed CC BY-SA 4.0 separately from the server code. The EDRDG licence
// asks that every screen showing dictionary words acknowledge the source:
// show `notice` (for example in a page footer) and link `license_url`.

export const CONTENT_ATTRIBUTION = {
  dataset: 'Open curriculum (radicals, kanji and vocabulary for levels 1-60)',
  version: '2026.11.21',
  license: 'CC BY-SA 4.0',
  license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  notice:
    'Dictionary content from the JMdict/EDICT and KANJIDIC2 files of the Electronic Dictionary Research and Development Group (EDRDG), with kanji composition data from KanjiVG (Ulrich Apel) and Kanjium (Uros Ozvatic), used under their Creative Commons Attribution-ShareAlike licences.',
  sources: [
    {
      name: 'JMdict/EDICT',
      author: 'Electronic Dictionary Research and Development Group (EDRDG)',
      license: 'CC BY-SA 3.0 (EDRDG General Dictionary Licence)',
      url: 'https://www.edrdg.org/edrdg/licence.html',
    },
    {
      name: 'KANJIDIC2',
      author: 'Electronic Dictionary Research and Development Group (EDRDG)',
      license: 'CC BY-SA 3.0 (EDRDG General Dictionary Licence)',
      url: 'https://www.edrdg.org/edrdg/licence.html',
    },
    {
      name: 'KanjiVG',
      author: 'Ulrich Apel',
      license: 'CC BY-SA 3.0',
      url: 'https://kanjivg.tagaini.net/',
    },
    {
      name: 'Kanjium',
      author: 'Uros Ozvatic',
      license: 'CC BY-SA 4.0',
      url: 'https://github.com/mifunetoshiro/kanjium',
    },
  ],
} as const satisfies {
  dataset: string;
  version: string;
  license: 'CC BY-SA 4.0';
  license_url: string;
  notice: string;
  sources: ReadonlyArray<{ name: string; author: string; license: string; url: string }>;
};
