// Unit tests for pure functions of the content build, on small inline inputs.
import { describe, expect, it } from 'vitest';
import { kebab } from '../src/common.js';
import { parseEdictLine } from '../src/edict.js';
import { extendIdMap, formatIdMap, parseIdMap } from '../src/id-map.js';
import { entryPairs, parseHeadwordLine, priorityRank } from '../src/jmdict-priority.js';
import { surfaceForms } from '../src/frequency.js';
import { sentenceRows } from '../src/derive.js';
import { attested, containsWord, indexSentences } from '../src/sentences.js';
import { isOwnWord } from '../src/vocabulary.js';
import type { KanjidicEntry } from '../src/kanjidic.js';
import { buildMeaningSet, cleanGloss, cleanKanjiMeanings, titleCase, verbVariants } from '../src/meanings.js';
import {
  kanjiMeaningMnemonic,
  kanjiReadingMnemonic,
  knownSoundHint,
  KNOWN_SOUND_HINT,
  LEVEL_SOUND_HINT,
  LEVEL_WORD_NOTE,
  NO_SOUND_YET,
  NO_WORD_YET,
  vocabularyReadingMnemonic,
} from '../src/mnemonics.js';
import { selectKana, type KanaCandidate } from '../src/kana-vocabulary.js';
import { bringReadingWords } from '../src/reading-words.js';
import type { WordCandidate } from '../src/vocabulary.js';
import { partsOfSpeech } from '../src/pos.js';
import { decompose } from '../src/radicals.js';
import { alignReading, chooseEmphasis, kanjiReadings, readingVariants, voteReadings, type KanjiReadings } from '../src/readings.js';
import { levelSizes } from '../src/select-kanji.js';

const entry = (literal: string, on: string[], kun: string[], nanori: string[] = []): KanjidicEntry => ({
  literal,
  grade: 1,
  strokes: 1,
  freq: 1,
  jlpt: 4,
  on,
  kun,
  nanori,
  meanings: [],
});

const TABLE: Record<string, KanjiReadings> = {
  外: kanjiReadings(entry('外', ['ガイ', 'ゲ'], ['そと', 'ほか', 'はず.す', 'と-'])),
  国: kanjiReadings(entry('国', ['コク'], ['くに'])),
  学: kanjiReadings(entry('学', ['ガク'], ['まな.ぶ'])),
  校: kanjiReadings(entry('校', ['コウ', 'キョウ'], [])),
  食: kanjiReadings(entry('食', ['ショク', 'ジキ'], ['く.う', 'た.べる'])),
  手: kanjiReadings(entry('手', ['シュ', 'ズ'], ['て', 'て-', '-て', 'た-'])),
  紙: kanjiReadings(entry('紙', ['シ'], ['かみ'])),
  取: kanjiReadings(entry('取', ['シュ'], ['と.る'])),
  引: kanjiReadings(entry('引', ['イン'], ['ひ.く'])),
  今: kanjiReadings(entry('今', ['コン', 'キン'], ['いま'])),
  日: kanjiReadings(entry('日', ['ニチ', 'ジツ'], ['ひ', '-び', '-か'])),
};
const readingsOf = (k: string): KanjiReadings | undefined => TABLE[k];

describe('meaning cleaning', () => {
  it('title-cases like the reference', () => {
    expect(titleCase('to eat')).toBe('To Eat');
    expect(titleCase('first-year student')).toBe('First-Year Student');
    expect(titleCase('coming to hand')).toBe('Coming to Hand');
    expect(titleCase('OK sign')).toBe('OK Sign');
  });

  it('drops explanations but keeps a leading optional word', () => {
    expect(cleanGloss('to eat (e.g. a salary)')).toBe('to eat');
    expect(cleanGloss('(in) succession')).toBe('in succession');
    expect(cleanGloss('talk (i.e. gossip)')).toBe('talk');
  });

  it('removes radical notes, numbers and affix dashes from kanji meanings', () => {
    expect(cleanKanjiMeanings(['two', 'two radical (no. 7)'])).toEqual(['two']);
    expect(cleanKanjiMeanings(['-times', 'round', '10**40'])).toEqual(['round', 'times']);
    expect(cleanKanjiMeanings(['Inst.', 'institution'])).toEqual(['institution', 'Inst']);
    expect(cleanKanjiMeanings(['sign of the rat', 'child'])).toEqual(['child', 'sign of the rat']);
  });

  it('splits accepted answers from the whitelist and dedupes', () => {
    const set = buildMeaningSet(['one', 'One', 'single', 'a', 'b', 'c'], 3)!;
    expect(set.primary).toBe('One');
    expect(set.accepted).toEqual(['One', 'Single', 'A']);
    expect(set.whitelist).toEqual(['B', 'C']);
    expect(buildMeaningSet([])).toBeNull();
    expect(verbVariants(['To Eat', 'Food'])).toEqual(['Eat']);
  });
});

describe('readings', () => {
  it('derives typed readings from KANJIDIC', () => {
    const r = kanjiReadings(entry('米', ['ベイ', 'マイ', 'メエトル'], ['こめ', 'よね', 'シリング'], ['よな']));
    expect(r.onyomi).toEqual(['べい', 'まい']);
    expect(r.kunyomi).toEqual(['こめ', 'よね']);
    expect(r.nanori).toEqual(['よな']);
  });

  it('knows rendaku and small-tsu changes', () => {
    expect(readingVariants('かみ', false, true)).toContain('がみ');
    expect(readingVariants('がく', true, false)).toContain('がっ');
    expect(readingVariants('かみ', true, true)).toEqual(['かみ']);
  });

  it('aligns words onto kanji readings', () => {
    expect(alignReading('外国', 'がいこく', readingsOf)?.map((s) => [s.text, s.reading, s.type])).toEqual([
      ['外', 'がい', 'onyomi'],
      ['国', 'こく', 'onyomi'],
    ]);
    expect(alignReading('学校', 'がっこう', readingsOf)?.map((s) => s.reading)).toEqual(['がっ', 'こう']);
    expect(alignReading('食べる', 'たべる', readingsOf)?.map((s) => [s.text, s.reading])).toEqual([
      ['食', 'た'],
      ['べ', 'べ'],
      ['る', 'る'],
    ]);
    expect(alignReading('手紙', 'てがみ', readingsOf)?.map((s) => s.type)).toEqual(['kunyomi', 'kunyomi']);
    expect(alignReading('取引', 'とりひき', readingsOf)?.map((s) => s.reading)).toEqual(['とり', 'ひき']);
    expect(alignReading('日々', 'ひび', readingsOf)?.map((s) => s.reading)).toEqual(['ひ', 'び']);
    expect(alignReading('今日', 'きょう', readingsOf)).toBeNull();
  });

  it('votes the emphasised reading type from weighted words', () => {
    const words = [
      { word: '外国', reading: 'がいこく', weight: 1 },
      { word: '国内', reading: 'こくない', weight: 1 },
      { word: '国', reading: 'くに', weight: 1 },
    ];
    const vote = voteReadings('国', words, readingsOf);
    expect(vote.onyomi).toBe(1);
    expect(vote.kunyomi).toBe(1);
    expect(chooseEmphasis(TABLE['国']!, vote)).toEqual({ emphasis: 'onyomi', primary: 'こく' });
    const handVote = voteReadings('手', [{ word: '手紙', reading: 'てがみ', weight: 1 }], readingsOf);
    expect(chooseEmphasis(TABLE['手']!, handVote)).toEqual({ emphasis: 'kunyomi', primary: 'て' });
    expect(chooseEmphasis(TABLE['校']!, { onyomi: 0, kunyomi: 5, byReading: new Map() }).emphasis).toBe('onyomi');
  });
});

describe('dictionary parsing', () => {
  it('parses EDICT lines with senses, POS and tags', () => {
    const line = parseEdictLine('口 [くち] /(n) (1) mouth/(n) (2) opening/hole/(suf,ctr) (3) counter for mouthfuls/(P)/')!;
    expect(line.headword).toBe('口');
    expect(line.reading).toBe('くち');
    expect(line.common).toBe(true);
    expect(line.senses.map((s) => s.glosses)).toEqual([['mouth'], ['opening', 'hole'], ['counter for mouthfuls']]);
    expect(partsOfSpeech(line.senses)).toEqual(['noun', 'suffix', 'counter']);
    const uk = parseEdictLine('彼 [あれ] /(pn) (1) (uk) that/that thing/(P)/')!;
    expect(uk.senses[0]!.misc).toContain('uk');
    expect(uk.senses[0]!.pos).toEqual(['pn']);
    const gloss = parseEdictLine('順々 [じゅんじゅん] /(adv,n) (in) order/(P)/')!;
    expect(gloss.senses[0]!.glosses).toEqual(['(in) order']);
  });

  it('parses FreeDict headword lines into forms with priority tags', () => {
    const forms = parseHeadwordLine(' [ichi1]  [news1]  [nf03]  日 /(en)x/, 陽 /(en)y/,  [ichi1]  [news1]  [nf03] ひ /çˈi/')!;
    expect(forms.map((f) => f.text)).toEqual(['日', '陽', 'ひ']);
    expect(forms[0]!.tags).toEqual(['ichi1', 'news1', 'nf03']);
    expect(parseHeadwordLine('to cuddle, to comfort')).toBeNull();
  });

  it('reads reading restrictions, nested notes, forms without IPA and a stray byte-order mark', () => {
    const line =
      ' [ichi1]  [news1]  [nf02]  一人 /x/,  [ichi1]  独り /ɽˈi/, １人 /x/,  [ichi1]  [nf02] ひとり /çi/,  (一人)  (１人) いちにん /itɕ/';
    const forms = parseHeadwordLine(line)!;
    expect(forms.map((f) => f.text)).toEqual(['一人', '独り', '１人', 'ひとり', 'いちにん']);
    expect(forms[4]!.notes).toEqual(['一人', '１人']);
    const pairs = new Map(entryPairs(forms));
    expect(pairs.has('一人\tいちにん')).toBe(true);
    expect(pairs.has('独り\tいちにん')).toBe(false);
    expect(pairs.get('一人\tひとり')).toMatchObject({ formIndex: 0, readingIndex: 0 });
    const ateji = parseHeadwordLine(' (ateji (phonetic) reading)  [ichi1]  屹度 /x y/, きっと /k/')!;
    expect(ateji[0]!.notes).toEqual(['ateji (phonetic) reading']);
    expect(new Map(entryPairs(ateji)).get('屹度\tきっと')!.irregular).toBe(true);
    expect(parseHeadwordLine(' [ichi1]  五 /g/, ５, 伍 /g/,  [ichi1] ご /ɡo/')!.map((f) => f.text)).toEqual(['五', '５', '伍', 'ご']);
    expect(parseHeadwordLine('\uFEFFＥＳＳ /e/, イーエスエス /i/')!.map((f) => f.text)).toEqual(['ＥＳＳ', 'イーエスエス']);
    expect(priorityRank({ nf: 3, tags: ['ichi1', 'news1', 'nf03'] })).toBe(-9);
  });
});

describe('frequency, sentences and own words', () => {
  it('lists the inflected stems MeCab counts separately', () => {
    expect(surfaceForms('食べる', ['v1', 'vt'])).toEqual(['食べる', '食べ']);
    expect(surfaceForms('行く', ['v5k-s'])).toEqual(expect.arrayContaining(['行く', '行か', '行き', '行け', '行こ', '行い']));
    expect(surfaceForms('高い', ['adj-i'])).toEqual(expect.arrayContaining(['高い', '高く', '高かっ', '高けれ']));
    expect(surfaceForms('本', ['n'])).toEqual(['本']);
  });

  it('finds a word in a sentence only as a whole word', () => {
    expect(containsWord('中に入れて。', '中')).toBe(true);
    expect(containsWord('彼は中心にいる。', '中')).toBe(false);
    expect(containsWord('毎日パンを食べた。', '食べ')).toBe(true);
    expect(containsWord('日々の暮らし', '日')).toBe(false);
  });

  it('knows which words the sentence corpus uses, inflected or not', () => {
    const index = indexSentences([
      { ja: '毎日パンを食べた。', en: 'I ate bread every day.' },
      { ja: '彼は中心にいる。', en: 'He is at the centre.' },
    ]);
    expect(attested('食べる', ['v1'], index)).toBe(true);
    expect(attested('毎日', ['n'], index)).toBe(true);
    expect(attested('中', ['n'], index)).toBe(false);
    expect(attested('参考', ['n'], index)).toBe(false);
  });

  it('keeps each Japanese sentence once, and only short pairs', () => {
    const long = 'あ'.repeat(61);
    expect(
      sentenceRows([
        ['Hi.', ' こんにちは。 '],
        ['Hello.', 'こんにちは。'],
        ['Too long.', long],
        [undefined, 'はい。'],
      ]),
    ).toEqual(['こんにちは。\tHi.']);
  });

  it("knows a kanji's own word", () => {
    const w = (headword: string) => ({
      headword,
      readings: [],
      senses: [],
      common: true,
      kanji: [],
      zipf: 0,
      jlpt: null,
      score: 0,
      allowed: false,
    });
    expect(isOwnWord(w('引く'))).toBe(true);
    expect(isOwnWord(w('山'))).toBe(true);
    expect(isOwnWord(w('シャボン玉'))).toBe(false);
    expect(isOwnWord(w('日本'))).toBe(false);
  });
});

describe('ids, radicals and levels', () => {
  it('only ever appends to the id map', () => {
    const first = extendIdMap(
      [],
      [
        { type: 'radical', key: '一' },
        { type: 'kanji', key: '一' },
      ],
    );
    expect(first.map((r) => r.id)).toEqual([1, 2]);
    const second = extendIdMap(first, [
      { type: 'kanji', key: '二' },
      { type: 'kanji', key: '一' },
    ]);
    expect(second).toEqual([...first, { id: 3, type: 'kanji', key: '二' }]);
    expect(parseIdMap(formatIdMap(second))).toEqual(second);
    expect(() => parseIdMap('1\tkanji\t一\n1\tkanji\t二\n')).toThrow(/duplicate/);
  });

  it('decomposes a kanji down to shared parts', () => {
    const tree = {
      element: '語',
      parts: [
        { element: '言', parts: [{ element: '口', parts: [] }] },
        {
          element: '吾',
          parts: [
            { element: '五', parts: [] },
            { element: '口', parts: [] },
          ],
        },
      ],
    };
    expect(decompose('語', tree, new Set(['言', '吾']))).toEqual(['言', '吾']);
    expect(decompose('語', tree, new Set(['言']))).toEqual(['言', '五', '口']);
    expect(decompose('一', { element: '一', parts: [] }, new Set())).toEqual(['一']);
  });

  it('slices 60 levels', () => {
    const sizes = levelSizes(2100);
    expect(sizes).toHaveLength(60);
    expect(sizes.slice(0, 3)).toEqual([18, 27, 29]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(2100);
  });

  it('makes kebab-case slugs', () => {
    expect(kebab('Lean-To')).toBe('lean-to');
    expect(kebab("Pig's Head")).toBe('pigs-head');
  });
});

describe('study notes', () => {
  it('state the real parts and readings', () => {
    expect(
      kanjiMeaningMnemonic({ characters: '国', meaning: 'Country' }, [
        { characters: '囗', meaning: 'Enclosure' },
        { characters: '玉', meaning: 'Jewel' },
      ]),
    ).toBe(
      '<ja>国</ja> is made of the radicals <radical>Enclosure</radical> (<ja>囗</ja>) and <radical>Jewel</radical> (<ja>玉</ja>). The kanji means <kanji>Country</kanji>.',
    );
    const segs = alignReading('学校', 'がっこう', readingsOf);
    expect(vocabularyReadingMnemonic('学校', 'がっこう', segs)).toContain(
      "<reading>がっ</reading> (on'yomi, a sound change of <reading>がく</reading>)",
    );
    expect(vocabularyReadingMnemonic('今日', 'きょう', null)).toContain('learn it as a whole');
  });
});

describe('reading notes', () => {
  const word = (headword: string, reading: string, kanji: string[], zipf: number): WordCandidate => ({
    headword,
    readings: [reading],
    senses: [],
    common: true,
    kanji,
    zipf,
    jlpt: null,
    score: zipf,
    allowed: false,
  });
  const slots = new Map([
    ['学', { level: 1, position: 0 }],
    ['校', { level: 2, position: 0 }],
    ['国', { level: 3, position: 0 }],
  ]);
  const emphasis = new Map([
    ['学', { emphasis: 'onyomi' as const, primary: 'がく' }],
    ['校', { emphasis: 'onyomi' as const, primary: 'こう' }],
    ['国', { emphasis: 'onyomi' as const, primary: 'こく' }],
  ]);

  it("bring a word with the taught reading to the kanji's level, moving a later one or adding one", () => {
    const chosen = [
      { word: word('学ぶ', 'まなぶ', ['学'], 5), level: 1 },
      { word: word('学校', 'がっこう', ['学', '校'], 5.5), level: 6 },
      { word: word('国', 'くに', ['国'], 5), level: 3 },
    ];
    const pool = [
      word('外国', 'がいこく', ['外', '国'], 5),
      word('国学', 'こくがく', ['国', '学'], 4),
      word('国校', 'こくこう', ['国', '校'], 2),
    ];
    const out = new Map(bringReadingWords(chosen, pool, slots, emphasis, readingsOf).map((c) => [c.word.headword, c.level]));
    // 学校 moves down to 校's level 2 (it uses こう, and がっ for 学); 国学 is added at 国's level 3;
    // 外国 needs an untaught kanji; 国校 is too rare.
    expect(out).toEqual(
      new Map([
        ['学ぶ', 1],
        ['学校', 2],
        ['国', 3],
        ['国学', 3],
      ]),
    );
  });

  it('tie the reading to a word of the level, or name the word read another way, or say there is none', () => {
    const at = (characters: string, reading: string, level: number) => ({ characters, reading, meaning: 'M', level });
    expect(
      kanjiReadingMnemonic('高', 4, 'onyomi', 'こう', { example: at('高校', 'こうこう', 4), atLevel: at('高い', 'たかい', 4) }),
    ).toContain(', as in <ja>高校</ja>');
    const other = kanjiReadingMnemonic('木', 1, 'onyomi', 'もく', { example: at('木曜日', 'もくようび', 17), atLevel: at('木', 'き', 1) });
    expect(other).toContain(`${LEVEL_WORD_NOTE} <ja>木</ja> in <ja>木</ja> (<reading>き</reading>)`);
    expect(other).toContain('first used in <ja>木曜日</ja> (<reading>もくようび</reading>) <vocabulary>M</vocabulary>, level 17');
    expect(kanjiReadingMnemonic('府', 10, 'onyomi', 'ふ', { example: at('政府', 'せいふ', 13), atLevel: null })).toContain(NO_WORD_YET);
    // The hint: the same sound in an earlier word, else the kanji's word of its level, else honestly none.
    const words = { example: at('木曜日', 'もくようび', 17), atLevel: at('木', 'き', 1) };
    expect(knownSoundHint('もく', 2, at('目', 'もく', 1), words)).toMatch(new RegExp(`^${KNOWN_SOUND_HINT}`));
    expect(knownSoundHint('もく', 1, null, words)).toBe(
      `${LEVEL_SOUND_HINT} <ja>木</ja> (<reading>き</reading>) <vocabulary>M</vocabulary>, its word of this level; the sound <reading>もく</reading> comes later.`,
    );
    expect(knownSoundHint('おか', 12, null, { example: null, atLevel: null })).toContain(NO_SOUND_YET);
  });
});

describe('kana vocabulary', () => {
  const kana = (k: string, zipf: number, jlpt: number | null = null, extra: Partial<KanaCandidate> = {}): KanaCandidate => ({
    kana: k,
    senses: [],
    zipf,
    jlpt,
    score: zipf,
    kanjiForm: null,
    allowed: false,
    ...extra,
  });

  it('puts the most used words and the N5 ones in levels 1-10 and always keeps allowed and N5 kana-spelled words', () => {
    const cands = [
      ...Array.from({ length: 200 }, (_, i) => kana(`w${String(i).padStart(3, '0')}`, 7 - i / 100)),
      kana('いくら', 3, 5, { kanjiForm: '幾ら' }),
      kana('おいしい', 3, 5, { kanjiForm: '美味しい' }),
      kana('おいでになる', 0.5, 4, { allowed: true }),
    ].sort((a, b) => b.score - a.score);
    const chosen = selectKana(cands, new Set(['美味しい']));
    const levelOf = new Map(chosen.map((c) => [c.word.kana, c.level]));
    expect(chosen.length).toBeLessThanOrEqual(150);
    expect(levelOf.get('w000')).toBe(1);
    expect(levelOf.get('いくら')).toBeLessThanOrEqual(10);
    // Taught in kanji as vocabulary, so not forced in; too rare to win a place on its own.
    expect(levelOf.has('おいしい')).toBe(false);
    expect(levelOf.get('おいでになる')).toBeGreaterThan(10);
    expect(chosen.filter((c) => c.level <= 10).length).toBe(135);
  });
});
