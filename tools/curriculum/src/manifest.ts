// Pinned build inputs. Changing a version or checksum here is a deliberate
// content release decision: bump DATASET_VERSION and re-run the build.

/** Fixed release timestamp so that identical inputs give byte-identical output. */
export const RELEASE_DATE = '2026-11-24T00:00:00.000Z';
export const DATASET_VERSION = '2026.11.24';

export interface DebInput {
  readonly kind: 'deb';
  readonly name: string;
  readonly version: string;
  readonly file: string;
  readonly sha256: string;
  /** Files used inside the package, with their own checksums (checked after extraction). */
  readonly members: Readonly<Record<string, string>>;
}

export interface NpmInput {
  readonly kind: 'npm';
  readonly name: string;
  readonly version: string;
  readonly file: string;
  readonly sha256: string;
}

export type Input = DebInput | NpmInput;

export const KANJIDIC_XML: DebInput = {
  kind: 'deb',
  name: 'kanjidic-xml',
  version: '2022.08.23',
  file: 'kanjidic-xml_2022.08.23_all.deb',
  sha256: 'd85c61495d3ea4acd3e7e78a9b6616e5511533d0909120ae038652c97d54e2e9',
  members: {
    'usr/share/edict/kanjidic2.xml.gz': 'aff847155b5c22ec4514985cc6598bfef7b8e6df0fb73cbeed6249e80b437153',
  },
};

export const EDICT: DebInput = {
  kind: 'deb',
  name: 'edict',
  version: '2021.02.03-1',
  file: 'edict_2021.02.03-1_all.deb',
  sha256: 'f1d50611cd5486d30a4bdd56447bcfa1ee5084da7909340f5da3e1abc0b97b3b',
  members: {
    'usr/share/edict/edict': '59063c08240f096e6d22152a58c0c8ef3a84ff95ce8a59bbf3a3522aa097a526',
  },
};

export const FREEDICT_JPN_ENG: DebInput = {
  kind: 'deb',
  name: 'dict-freedict-jpn-eng',
  version: '2022.04.21-1',
  file: 'dict-freedict-jpn-eng_2022.04.21-1_all.deb',
  sha256: '29feef8cb0e4e01efeb3524173709395ac528ad1d1c6622f7dddff7fef7e54ed',
  members: {
    'usr/share/dictd/freedict-jpn-eng.dict.dz': '488f53324a00c605da1b983e56675487a2416334e2245e343ec3c08a60d2fb25',
  },
};

export const KANJI_NPM: NpmInput = {
  kind: 'npm',
  name: 'kanji',
  version: '0.19.3',
  file: 'kanji-0.19.3.tgz',
  sha256: '960f7f469c26c1b376a02b23c8245a8d4894a2343daf77a8aeb500c2aceb114d',
};

export const SPDX_LICENSE_LIST_NPM: NpmInput = {
  kind: 'npm',
  name: 'spdx-license-list',
  version: '6.12.0',
  file: 'spdx-license-list-6.12.0.tgz',
  sha256: '54cc8d13086187333ca1457c8edaa06d9a412144f076aa7f7c1b59c4f3b0a1ef',
};

export const ALL_INPUTS: readonly Input[] = [KANJIDIC_XML, EDICT, FREEDICT_JPN_ENG, KANJI_NPM, SPDX_LICENSE_LIST_NPM];

/**
 * Derived inputs: small extracts of openly licensed data sets that are not packaged for Debian or
 * npm, committed in tools/curriculum/inputs/ by `npm run content:derive` from a pinned commit of a
 * public repository. The build checks `sha256` (of the derived file) and reads nothing else.
 */
export interface DerivedSource {
  readonly derived: string;
  readonly sha256: string;
  readonly repo: string;
  readonly commit: string;
  readonly path: string;
  readonly sourceSha256: string;
  readonly license: string;
  readonly attribution: string;
}

export const DERIVED_SOURCES = {
  wordfreq: {
    derived: 'wordfreq-ja.tsv',
    sha256: '9f4436458ddf0379ca10eb8a859468ea9c4e6c7ea6f8ef0f793de498deccb7a6',
    repo: 'rspeer/wordfreq',
    commit: '912caf64b657478d1dff1138efdc078947d54bb1',
    path: 'wordfreq/data/large_ja.msgpack.gz',
    sourceSha256: 'e6ab743b939c1802fc03791f1d58dee2861e822ceecdcdee3f0e05b863ef26d8',
    license: 'CC BY-SA 4.0 (wordfreq data files)',
    attribution:
      'Japanese word frequencies from wordfreq by Robyn Speer (data from Wikipedia, OpenSubtitles 2018 via OPUS, web text and Twitter), CC BY-SA 4.0.',
  },
  jlpt: {
    derived: 'jlpt-vocab.tsv',
    sha256: '9f117f48ca99c9c2e0ff46284d243ea9cd95319f7727938ea03fc5108cf28378',
    repo: 'stephenmk/yomichan-jlpt-vocab',
    commit: '76c36d11198898d0b0f15ec6ea9d40cbb3cc5e6c',
    path: 'yomitan-jlpt-vocab/term_meta_bank_{1..5}.json',
    sourceSha256: '',
    bankSha256: {
      1: '700ed0393499737f5d247ab13dea2e3d5c6b0684fb540d16b002f4d19301b76e',
      2: 'a6ef0a22e8f62d1b8b9cdfa274565cbc0007d7bd8d61d05ce7d676909ce65b01',
      3: '4882c27c3868ffce09199e9f53d53e4c437a6c35037a282ec1348e75a2fa340b',
      4: '3ec782ec7fe23cfd10058ac3085f3e2d8414cb5ffa5fcb5f45ebe98c0ca12b3d',
      5: 'dbae340b9441c622c0080abff8792acd67d5c17b0fe40535add4b9973b7e925b',
    } as Readonly<Record<number, string>>,
    license: "CC BY-SA 4.0 (the repository); Jonathan Waller's JLPT lists it is based on are CC BY",
    attribution:
      'Community JLPT vocabulary lists by Jonathan Waller (tanos.co.uk, CC BY), with spellings matched to JMdict by Stephen Kraus (yomitan-jlpt-vocab, CC BY-SA 4.0).',
  },
  tatoeba: {
    derived: 'tatoeba-jpn-eng.tsv',
    sha256: 'c0419b570432a9dab247b55197f68d5ddb7a7bc2ada0a03492f87f458870f3bf',
    repo: 'sezan92/attention_sezan',
    commit: 'f506062ba9ca57cb205deac215083dde38da73e4',
    path: 'data/jpn.txt',
    sourceSha256: '242d8702446494181c7a2da4202beb93ae5a08784b20965567a9985404b8e22a',
    license: 'CC BY 2.0 FR (Tatoeba)',
    attribution:
      'Japanese-English sentence pairs from the Tatoeba Project (tatoeba.org), CC BY 2.0 FR, in the pair export of manythings.org (2018).',
  },
  tatoebaChallenge: {
    derived: 'tatoeba-challenge-jpn-eng.tsv',
    sha256: '96e2f77310e736a8434db030dda255872e5191ec3248963895cbb220ae4985a5',
    repo: 'Helsinki-NLP/OPUS-MT-testsets',
    commit: 'ac0f19c0be3cb4e0d9450fcb2d7a9847c4bdd180',
    path: 'datasets/helsinki_nlp/tatoeba/testsets/eng-jpn/tatoeba-test-v2021-08-07.{jpn,eng}',
    sourceSha256: '',
    pairSha256: {
      jpn: '5c256148253d32df08488cfcc42e2757d81ba17d6928bd6c7398f45a04ac7baf',
      eng: '719c6299f189dda1759e5dd8f471f888c8eae7d6dde248d6bddc94b0c5a0e994',
    } as Readonly<Record<'jpn' | 'eng', string>>,
    license: 'CC BY 2.0 FR (Tatoeba)',
    attribution:
      'Japanese-English sentence pairs from the Tatoeba Project (tatoeba.org), CC BY 2.0 FR, as sampled from the 2021-08-07 release for the Tatoeba Translation Challenge (Helsinki-NLP) test set.',
  },
} as const satisfies Readonly<
  Record<string, DerivedSource & { bankSha256?: Readonly<Record<number, string>>; pairSha256?: Readonly<Record<string, string>> }>
>;
