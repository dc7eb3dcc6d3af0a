import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SubjectSource } from '../domain/model/subjects.js';

const DUMP_FILE = /\.(json|jsonl|ndjson)(\.gz)?$/;

/** A file that cannot be read as subjects; the message names the file and the reason. */
export class DumpError extends Error {}

async function text(path: string): Promise<string> {
  const bytes = await readFile(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

function fromCollectionPage(path: string, body: string): SubjectSource[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new DumpError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  if (Array.isArray(parsed)) return parsed.map((value, i) => ({ value, origin: `${path}[${i}]` }));
  if (parsed !== null && typeof parsed === 'object' && 'object' in parsed && 'data' in parsed) {
    const page = parsed as { object: unknown; data: unknown };
    if (page.object === 'collection' && Array.isArray(page.data)) {
      return page.data.map((value, i) => ({ value, origin: `${path} data[${i}]` }));
    }
    if (typeof page.object === 'string' && !Array.isArray(page.data)) return [{ value: parsed, origin: path }];
  }
  throw new DumpError(`${path}: not a reference-API collection page ({"object":"collection","data":[...]})`);
}

function fromJsonLines(path: string, body: string): SubjectSource[] {
  const sources: SubjectSource[] = [];
  body.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      sources.push({ value: JSON.parse(line), origin: `${path}:${i + 1}` });
    } catch (error) {
      throw new DumpError(`${path}:${i + 1}: not valid JSON (${(error as Error).message})`);
    }
  });
  return sources;
}

async function readFileSources(path: string): Promise<SubjectSource[]> {
  const name = basename(path).replace(/\.gz$/, '');
  const body = await text(path);
  return name.endsWith('.json') ? fromCollectionPage(path, body) : fromJsonLines(path, body);
}

/** Reads subjects from a collection page, a JSONL file (either optionally gzipped) or a folder of them. */
export async function readSubjectDump(path: string): Promise<SubjectSource[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new DumpError(`${path}: no such file or folder`);
  }
  if (!info.isDirectory()) return readFileSources(path);
  const files = (await readdir(path)).filter((f) => DUMP_FILE.test(f)).sort();
  if (files.length === 0) throw new DumpError(`${path}: the folder holds no .json or .jsonl files`);
  const all: SubjectSource[] = [];
  for (const file of files) all.push(...(await readFileSources(join(path, file))));
  return all;
}
