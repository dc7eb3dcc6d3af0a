import { toHiragana, toKana } from 'wanakana';

/**
 * A typed reading in the form readings are compared in: romaji converted to kana the way the
 * server's search converts a query (a final "n" becomes ん), katakana folded to hiragana, spaces
 * dropped. "Kyou", "きょう" and "キョウ" all read きょう.
 */
export function readingKey(answer: string): string {
  return toHiragana(answer.trim().replace(/\s+/g, '').toLowerCase());
}

/** Whether a typed reading is kana through and through once converted (a leftover Latin letter means it is not). */
export function isKanaAnswer(answer: string): boolean {
  const key = readingKey(answer);
  return key !== '' && /^[\p{Script=Hiragana}\p{Script=Katakana}ー・]+$/u.test(key);
}

/** What a reading answer box shows as the learner types: romaji turned into kana, a trailing "n" kept until the next key. */
export function typedKana(raw: string): string {
  return toKana(raw, { IMEMode: true });
}
