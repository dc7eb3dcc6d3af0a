// Invariants of the committed open-curriculum dataset. Reads only committed
// files (no network, no .content-cache).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
interface Subject {
  id: number;
  object: string;
  data: Json & SubjectData;
}
interface SubjectData {
  level: number;
  slug: string;
  characters: string;
  hidden_at: string | null;
  lesson_position: number;
  meanings: { meaning: string; primary: boolean; accepted_answer: boolean }[];
  auxiliary_meanings: { type: string; meaning: string }[];
  readings?: { type?: string; primary: boolean; reading: string; accepted_answer: boolean }[];
  component_subject_ids: number[];
  amalgamation_subject_ids: number[];
  visually_similar_subject_ids: number[];
  parts_of_speech?: string[];
  spaced_repetition_system_id: number;
}

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'content/open-curriculum');
const subjects: Subject[] = gunzipSync(readFileSync(join(DIR, 'subjects.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => JSON.parse(l) as Subject);
const idMap = readFileSync(join(DIR, 'id-map.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'));
const byId = new Map(subjects.map((s) => [s.id, s]));
const live = subjects.filter((s) => s.data.hidden_at === null);
const ofType = (t: string): Subject[] => live.filter((s) => s.object === t);

const COMMON = [
  'created_at',
  'level',
  'slug',
  'hidden_at',
  'document_url',
  'characters',
  'meanings',
  'auxiliary_meanings',
  'component_subject_ids',
  'amalgamation_subject_ids',
  'visually_similar_subject_ids',
  'meaning_mnemonic',
  'meaning_hint',
  'lesson_position',
  'spaced_repetition_system_id',
];
const KEYS: Record<string, string[]> = {
  radical: [...COMMON, 'character_images'],
  kanji: [...COMMON, 'readings', 'reading_mnemonic', 'reading_hint'],
  vocabulary: [...COMMON, 'readings', 'parts_of_speech', 'reading_mnemonic', 'reading_hint', 'context_sentences', 'pronunciation_audios'],
  kana_vocabulary: [...COMMON, 'parts_of_speech', 'context_sentences', 'pronunciation_audios'],
};

describe('open curriculum dataset', () => {
  it('has the expected counts per type', () => {
    expect(ofType('radical').length).toBeGreaterThanOrEqual(430);
    expect(ofType('radical').length).toBeLessThanOrEqual(530);
    expect(ofType('kanji').length).toBe(2136);
    expect(ofType('vocabulary').length).toBeGreaterThanOrEqual(5500);
    expect(ofType('vocabulary').length).toBeLessThanOrEqual(6700);
    expect(ofType('kana_vocabulary').length).toBeGreaterThanOrEqual(60);
    expect(ofType('kana_vocabulary').length).toBeLessThanOrEqual(150);
    const levels = new Set(live.map((s) => s.data.level));
    expect([...levels].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    for (let l = 1; l <= 60; l++) expect(ofType('kanji').some((k) => k.data.level === l)).toBe(true);
  });

  it('has unique, sorted ids that agree with the append-only id map', () => {
    const ids = subjects.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(idMap.length).toBe(subjects.length);
    const mapIds = new Set<number>();
    const mapKeys = new Set<string>();
    for (const [id, type, key] of idMap) {
      const s = byId.get(Number(id));
      expect(s, `id ${id}`).toBeDefined();
      expect(s!.object).toBe(type);
      expect(s!.data.characters).toBe(key);
      mapIds.add(Number(id));
      mapKeys.add(`${type}\t${key}`);
    }
    expect(mapIds.size).toBe(idMap.length);
    expect(mapKeys.size).toBe(idMap.length);
    expect(Math.min(...ids)).toBe(1);
  });

  it('gives every type exactly its fields, and nothing restricted', () => {
    for (const s of subjects) {
      expect(Object.keys(s).sort()).toEqual(['data', 'id', 'object']);
      // patterns_of_use is present only when non-empty, and only on vocabulary.
      const optional = s.object === 'vocabulary' && 'patterns_of_use' in s.data ? ['patterns_of_use'] : [];
      expect(Object.keys(s.data).sort(), `${s.object} ${s.id}`).toEqual([...KEYS[s.object]!, ...optional].sort());
    }
    const text = JSON.stringify(subjects);
    for (const banned of [
      'query_code',
      'dic_number',
      'q_code',
      'skip',
      'halpern',
      'pinyin',
      'korean',
      'four_corner',
      'deroo',
      'mnemonic_image_url',
    ]) {
      expect(text.includes(`"${banned}`), banned).toBe(false);
    }
    expect(text).not.toMatch(/radical \(no/i);
  });

  it('has well-formed common fields', () => {
    const slugs = new Map<string, Set<string>>();
    for (const s of subjects) {
      const d = s.data;
      expect(Number.isInteger(d.level) && d.level >= 1 && d.level <= 60).toBe(true);
      expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(d.spaced_repetition_system_id).toBe(d.level <= 2 ? 2 : 1);
      expect(String(d.document_url)).toMatch(/^https:\/\/jisho\.org\/search\//);
      expect(d.characters.length).toBeGreaterThan(0);
      if (s.object !== 'radical') expect(d.slug).toBe(d.characters);
      else expect(d.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const set = slugs.get(s.object) ?? new Set();
      expect(set.has(d.slug), `${s.object} slug ${d.slug}`).toBe(false);
      set.add(d.slug);
      slugs.set(s.object, set);
      expect(d.meanings.filter((m) => m.primary)).toHaveLength(1);
      expect(d.meanings.find((m) => m.primary)!.accepted_answer).toBe(true);
      for (const m of d.meanings) expect(m.meaning.trim()).toBe(m.meaning);
      for (const a of d.auxiliary_meanings) expect(['whitelist', 'blacklist']).toContain(a.type);
      for (const key of ['meaning_mnemonic', 'meaning_hint', 'reading_mnemonic', 'reading_hint'] as const) {
        const text = d[key];
        if (text === undefined) continue;
        expect(typeof text).toBe('string');
        const tags = [...String(text).matchAll(/<\/?([a-z]+)>/g)].map((m) => m[1]);
        for (const t of tags) expect(['radical', 'kanji', 'vocabulary', 'reading', 'ja', 'b', 'i']).toContain(t);
        expect(String(text).match(/<[a-z]+>/g)?.length ?? 0).toBe(String(text).match(/<\/[a-z]+>/g)?.length ?? 0);
      }
    }
    for (const s of ofType('radical')) expect(s.data.meaning_mnemonic).not.toBe('');
  }, 120_000);

  it('types kanji readings and accepts only the emphasised type', () => {
    for (const k of ofType('kanji')) {
      const rs = k.data.readings!;
      expect(
        rs.filter((r) => r.primary),
        k.data.characters,
      ).toHaveLength(1);
      const primary = rs.find((r) => r.primary)!;
      expect(['onyomi', 'kunyomi']).toContain(primary.type);
      for (const r of rs) {
        expect(['onyomi', 'kunyomi']).toContain(r.type);
        expect(r.reading).toMatch(/^[\u3041-\u309fー]+$/);
        expect(r.accepted_answer).toBe(r.type === primary.type);
      }
      expect(new Set(rs.map((r) => r.reading)).size).toBe(rs.length);
    }
  });

  it('gives vocabulary one primary reading, all accepted, without a type; parts of speech everywhere', () => {
    for (const v of ofType('vocabulary')) {
      const rs = v.data.readings!;
      expect(rs.filter((r) => r.primary)).toHaveLength(1);
      for (const r of rs) {
        expect(r.accepted_answer).toBe(true);
        expect('type' in r).toBe(false);
      }
      expect(v.data.parts_of_speech!.length).toBeGreaterThan(0);
    }
    for (const v of ofType('kana_vocabulary')) {
      expect(v.data.parts_of_speech!.length).toBeGreaterThan(0);
      expect(v.data.component_subject_ids).toEqual([]);
    }
    for (const s of live) for (const p of s.data.parts_of_speech ?? []) expect(p).toBe(p.toLowerCase());
  });

  it('keeps unlock order: radicals ≤ kanji ≤ vocabulary', () => {
    for (const k of ofType('kanji')) {
      expect(k.data.component_subject_ids.length, k.data.characters).toBeGreaterThan(0);
      for (const c of k.data.component_subject_ids) {
        const r = byId.get(c)!;
        expect(r.object).toBe('radical');
        expect(r.data.level).toBeLessThanOrEqual(k.data.level);
      }
    }
    for (const v of ofType('vocabulary')) {
      expect(v.data.component_subject_ids.length).toBeGreaterThan(0);
      for (const c of v.data.component_subject_ids) {
        const k = byId.get(c)!;
        expect(k.object).toBe('kanji');
        expect(k.data.level, v.data.characters).toBeLessThanOrEqual(v.data.level);
        expect(v.data.characters.includes(k.data.characters)).toBe(true);
      }
    }
    for (const r of ofType('radical')) expect(r.data.amalgamation_subject_ids.length).toBeGreaterThan(0);
  });

  it('has components and amalgamations that mirror each other, and look-alikes that are kanji', () => {
    for (const s of subjects) {
      for (const c of s.data.component_subject_ids) expect(byId.get(c)!.data.amalgamation_subject_ids).toContain(s.id);
      for (const a of s.data.amalgamation_subject_ids) expect(byId.get(a)!.data.component_subject_ids).toContain(s.id);
      for (const v of s.data.visually_similar_subject_ids) expect(byId.get(v)!.object).toBe('kanji');
      if (s.object !== 'kanji') expect(s.data.visually_similar_subject_ids).toEqual([]);
    }
  });

  it('gives every kanji at least one vocabulary item', () => {
    const without = ofType('kanji')
      .filter((k) => k.data.amalgamation_subject_ids.length === 0)
      .map((k) => k.data.characters);
    expect(without).toEqual([]);
  });

  it('has dense lesson positions 0..n-1 within level and type', () => {
    const groups = new Map<string, number[]>();
    for (const s of live) {
      const key = `${s.object}:${s.data.level}`;
      groups.set(key, [...(groups.get(key) ?? []), s.data.lesson_position]);
    }
    for (const [key, ps] of groups)
      expect(
        ps.sort((a, b) => a - b),
        key,
      ).toEqual(ps.map((_, i) => i));
  });

  it('names every radical from the curated list', () => {
    const names = new Map(
      readFileSync(join(DIR, 'curation/radical-names.tsv'), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split('\t'))
        .map(([c, n]) => [c!, n!]),
    );
    for (const r of ofType('radical')) {
      const name = names.get(r.data.characters);
      expect(name, r.data.characters).toBeDefined();
      expect(r.data.meanings[0]!.meaning).toBe(name);
      expect(name!.split(' ').length).toBeLessThanOrEqual(3);
      expect(name).not.toMatch(/radical|\(no\.|katakana .* radical/i);
    }
  });

  it('ships the licence, attribution and a consistent levels 1–3 fixture', () => {
    expect(readFileSync(join(DIR, 'LICENSE'), 'utf8')).toMatch(/^Creative Commons Attribution-ShareAlike 4\.0 International/);
    const attribution = readFileSync(join(DIR, 'ATTRIBUTION.md'), 'utf8');
    for (const needle of ['EDRDG', 'https://www.edrdg.org/edrdg/licence.html', 'KanjiVG', 'Ulrich Apel', 'Kanjium', 'Uros Ozvatic']) {
      expect(attribution).toContain(needle);
    }
    const page = JSON.parse(readFileSync(join(ROOT, 'content/fixtures/levels-1-3.json'), 'utf8')) as {
      object: string;
      total_count: number;
      pages: { per_page: number; next_url: null };
      data: (Subject & { url: string })[];
    };
    expect(page.object).toBe('collection');
    expect(page.pages.next_url).toBeNull();
    expect(page.total_count).toBe(page.data.length);
    const expected = live.filter((s) => s.data.level <= 3);
    expect(page.data.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    const ids = new Set(page.data.map((s) => s.id));
    for (const s of page.data) {
      const full = byId.get(s.id)!;
      expect(s.object).toBe(full.object);
      const { component_subject_ids: c, amalgamation_subject_ids: a, visually_similar_subject_ids: v, ...rest } = s.data;
      const { component_subject_ids: fc, amalgamation_subject_ids: fa, visually_similar_subject_ids: fv, ...fullRest } = full.data;
      expect(rest).toEqual(fullRest);
      expect(c).toEqual(fc.filter((x) => ids.has(x)));
      expect(a).toEqual(fa.filter((x) => ids.has(x)));
      expect(v).toEqual(fv.filter((x) => ids.has(x)));
    }
  });
});
