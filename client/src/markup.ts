/** The inline tags of mnemonics and hints. They are not HTML: anything else is plain text. */
export const MARKUP_TAGS = ['radical', 'kanji', 'vocabulary', 'reading', 'ja', 'b', 'i'] as const;
export type MarkupTag = (typeof MARKUP_TAGS)[number];

export type MarkupNode = string | { tag: MarkupTag; children: MarkupNode[] };

const TAG = /<(\/?)(radical|kanji|vocabulary|reading|ja|b|i)>/g;

/**
 * Parses mnemonic markup into a tree a view can style (never into HTML: the text is rendered as
 * text, so a stray `<script>` stays visible characters). Unclosed tags close at the end; a closing
 * tag that does not match the open one is kept as text.
 */
export function parseMarkup(text: string): MarkupNode[] {
  const root: MarkupNode[] = [];
  const stack: { tag: MarkupTag; children: MarkupNode[] }[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  const pushText = (value: string) => {
    if (value === '') return;
    const children = current();
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + value;
    else children.push(value);
  };
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    pushText(text.slice(at, match.index));
    at = match.index + match[0].length;
    const tag = match[2] as MarkupTag;
    if (match[1] === '') {
      const node = { tag, children: [] as MarkupNode[] };
      current().push(node);
      stack.push(node);
    } else if (stack[stack.length - 1]?.tag === tag) {
      stack.pop();
    } else {
      pushText(match[0]);
    }
  }
  pushText(text.slice(at));
  return root;
}
