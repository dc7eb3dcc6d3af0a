// KanjiVG composition trees, Kanjium lookalikes and the new-JLPT lists, all read
// straight out of the npm `kanji` tarball.
import { readTarGz } from './tar.js';

export interface TreeNode {
  readonly element: string | null;
  readonly parts: readonly TreeNode[];
}

export interface KanjiPackageData {
  readonly trees: ReadonlyMap<string, TreeNode>;
  readonly lookalikes: ReadonlyMap<string, readonly string[]>;
  /** New-JLPT level (5 = N5, easiest) by kanji. */
  readonly jlpt: ReadonlyMap<string, number>;
}

interface RawNode {
  element?: string;
  g?: RawNode[];
}

function toNode(raw: RawNode): TreeNode {
  const element = raw.element !== undefined && raw.element !== '？' && raw.element !== '' ? raw.element : null;
  return { element, parts: (raw.g ?? []).map(toNode) };
}

const TREE_PATH = /^package\/dist\/data\/kanji-tree\/[0-9a-f]+\.json$/;
const LOOKALIKES = 'package/dist/data/kanjium/kanjium-lookalikes.json';
const JLPT = /^package\/lib\/data\/jlpt\.n([1-5])\.json$/;

export async function readKanjiPackage(tgzPath: string): Promise<KanjiPackageData> {
  const files = await readTarGz(tgzPath, (n) => TREE_PATH.test(n) || n === LOOKALIKES || JLPT.test(n));
  const trees = new Map<string, TreeNode>();
  const jlpt = new Map<string, number>();
  let lookalikes = new Map<string, readonly string[]>();
  for (const [name, body] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const text = body.toString('utf8').trim();
    if (TREE_PATH.test(name)) {
      if (text === '' || text === '{}') continue;
      const node = toNode(JSON.parse(text) as RawNode);
      if (node.element !== null) trees.set(node.element, node);
    } else if (name === LOOKALIKES) {
      lookalikes = new Map(Object.entries(JSON.parse(text) as Record<string, string[]>));
    } else {
      const level = Number(JLPT.exec(name)?.[1]);
      for (const k of JSON.parse(text) as string[]) if (!jlpt.has(k) || (jlpt.get(k) ?? 0) < level) jlpt.set(k, level);
    }
  }
  return { trees, lookalikes, jlpt };
}
