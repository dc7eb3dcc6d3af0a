// Pinned build inputs. Changing a version or checksum here is a deliberate
// content release decision: bump DATASET_VERSION and re-run the build.

/** Fixed release timestamp so that identical inputs give byte-identical output. */
export const RELEASE_DATE = '2026-11-21T00:00:00.000Z';
export const DATASET_VERSION = '2026.11.21';

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
