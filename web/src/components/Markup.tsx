import type { JSX } from 'preact';
import { parseMarkup, type MarkupNode } from '../../../client/src/index.js';

function render(nodes: MarkupNode[]): (string | JSX.Element)[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    const children = render(node.children);
    switch (node.tag) {
      case 'b':
        return <strong key={i}>{children}</strong>;
      case 'i':
        return <em key={i}>{children}</em>;
      case 'ja':
        return (
          <span key={i} lang="ja">
            {children}
          </span>
        );
      default:
        // radical, kanji, vocabulary, reading: highlighted in the colour of what they name.
        return (
          <mark key={i} class={`mk mk-${node.tag}`}>
            {children}
          </mark>
        );
    }
  });
}

/** A mnemonic or hint with its inline tags styled as they mean (never parsed as HTML). */
export function Markup({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <>{render(parseMarkup(text))}</>;
}
