// Attribution for the bundled open curriculum (content/open-curriculum/), which
// is licensed CC BY-SA 4.0 separately from the server code. The EDRDG licence
// asks that every screen showing dictionary words acknowledge the source:
// show `notice` (for example in a page footer) and link `license_url`.

export const CONTENT_ATTRIBUTION = {
  dataset: 'Open curriculum (radicals, kanji and vocabulary for levels 1-60)',
  version: '2026.11.24',
  license: 'CC BY-SA 4.0',
  license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  notice:
    'Dictionary content from the JMdict/EDICT and KANJIDIC2 files of the Electronic Dictionary Research and Development Group (EDRDG), with kanji composition data from KanjiVG (Ulrich Apel) and Kanjium (Uros Ozvatic), word frequencies from wordfreq (Robyn Speer) and JLPT lists by Jonathan Waller, used under their Creative Commons Attribution-ShareAlike licences; example sentences from Tatoeba (tatoeba.org), CC BY 2.0 FR.',
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
    {
      name: 'wordfreq (Japanese word frequencies)',
      author: 'Robyn Speer',
      license: 'CC BY-SA 4.0',
      url: 'https://github.com/rspeer/wordfreq',
    },
    {
      name: 'JLPT vocabulary lists',
      author: 'Jonathan Waller; JMdict spellings by yomitan-jlpt-vocab (Stephen Kraus)',
      license: 'CC BY (lists); CC BY-SA 4.0 (matching)',
      url: 'http://www.tanos.co.uk/jlpt/',
    },
    {
      name: 'Tatoeba (example sentences)',
      author: 'Tatoeba contributors (via the manythings.org pair export and the Tatoeba Translation Challenge test set by Helsinki-NLP)',
      license: 'CC BY 2.0 FR',
      url: 'https://tatoeba.org',
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
