// EDICT part-of-speech codes → the lower-case English labels the reference API uses.
import type { EdictSense } from './edict.js';

const LABELS: Readonly<Record<string, readonly string[]>> = {
  n: ['noun'],
  'n-adv': ['noun', 'adverb'],
  'n-t': ['noun'],
  'n-suf': ['noun', 'suffix'],
  'n-pref': ['noun', 'prefix'],
  'n-pr': ['proper noun'],
  pn: ['pronoun'],
  num: ['numeral'],
  ctr: ['counter'],
  'adj-i': ['い adjective'],
  'adj-ix': ['い adjective'],
  'adj-na': ['な adjective'],
  'adj-no': ['の adjective'],
  'adj-pn': ['pre-noun adjectival'],
  'adj-t': ['adjective'],
  'adj-f': ['adjective'],
  'adj-nari': ['な adjective'],
  'adj-ku': ['adjective'],
  'adj-shiku': ['adjective'],
  'adj-kari': ['adjective'],
  adv: ['adverb'],
  'adv-to': ['adverb'],
  aux: ['auxiliary'],
  'aux-v': ['auxiliary verb'],
  'aux-adj': ['auxiliary adjective'],
  conj: ['conjunction'],
  cop: ['copula'],
  'cop-da': ['copula'],
  exp: ['expression'],
  int: ['interjection'],
  pref: ['prefix'],
  suf: ['suffix'],
  prt: ['particle'],
  v1: ['ichidan verb'],
  'v1-s': ['ichidan verb'],
  vz: ['ichidan verb'],
  vk: ['くる verb'],
  vs: ['する verb'],
  'vs-s': ['する verb'],
  'vs-i': ['する verb'],
  'vs-c': ['する verb'],
  vn: ['godan verb'],
  vr: ['godan verb'],
  vt: ['transitive verb'],
  vi: ['intransitive verb'],
};

export function posLabels(code: string): readonly string[] {
  if (/^v5/.test(code)) return ['godan verb'];
  if (/^v[24]/.test(code)) return ['verb'];
  return LABELS[code] ?? [];
}

/** Labels of the given senses, deduplicated in first-seen order. */
export function partsOfSpeech(senses: readonly EdictSense[]): string[] {
  const out: string[] = [];
  for (const s of senses) for (const code of s.pos) for (const l of posLabels(code)) if (!out.includes(l)) out.push(l);
  return out;
}
