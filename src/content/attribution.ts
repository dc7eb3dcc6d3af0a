/** Attribution of the bundled curriculum (CC BY-SA 4.0), exposed by GET /about and the OpenAPI document. */
export const CONTENT_ATTRIBUTION = {
  dataset: 'Open curriculum',
  version: '2026.11',
  license: 'CC BY-SA 4.0',
  license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  notice:
    'Dictionary data from JMdict/EDICT and KANJIDIC2 by the Electronic Dictionary Research and Development Group (EDRDG), KanjiVG by Ulrich Apel and Kanjium, used under CC BY-SA.',
  sources: [
    { name: 'JMdict/EDICT, KANJIDIC2', author: 'EDRDG', license: 'CC BY-SA 3.0', url: 'https://www.edrdg.org/edrdg/licence.html' },
    { name: 'KanjiVG', author: 'Ulrich Apel', license: 'CC BY-SA 3.0', url: 'https://kanjivg.tagaini.net/' },
    { name: 'Kanjium', author: 'Uros Ozvatic', license: 'CC BY-SA 4.0', url: 'https://github.com/mifunetoshiro/kanjium' },
  ],
} as const;
