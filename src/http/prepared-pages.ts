import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import xxhash from 'xxhash-wasm';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Content codings a prepared page is offered in besides the plain bytes, best first. */
export type Coding = 'br' | 'gzip';
const CODINGS: readonly Coding[] = ['br', 'gzip'];

// Quality 5 brotli and level 6 gzip compress an 800 KB subject page in tens of milliseconds (once per
// content version, on the threadpool) to about 11% and 13% of its size; brotli's top quality would
// save another fifth at a hundred times the cost. Measured in bench/README.md.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/** Pages smaller than this go out plain: compressing them costs more than sending them. */
const SMALLEST_COMPRESSED_BYTES = 1024;

// XXH64 compiled to WebAssembly, instantiated once when the module loads.
const { h64Raw } = await xxhash();

/**
 * A strong ETag of the exact plain bytes (the same validator every cacheable response gets): their
 * XXH64 and their length. A validator is compared with the one page at the address it was sent
 * for; SHA-1 of a 215 KB page took 0.16-0.20 ms of every page built, XXH64 0.03 (docs/decisions.md,
 * "ETags by XXH64").
 */
export function etagOf(body: Buffer): string {
  return `"${h64Raw(body).toString(36)}.${body.length.toString(36)}"`;
}

/** What a route answers when it serves a prepared page: the bytes to send and their validator. */
export interface PreparedBody {
  readonly bytes: Buffer;
  readonly etag: string;
  /** Content-Encoding of `bytes`, or null for the plain body. */
  readonly coding: Coding | null;
}

/**
 * One page's plain bytes with their ETag and data_updated_at, and its compressed forms, each made
 * the first time a client asks for it. A compressed form is a different representation, so its ETag
 * differs (the plain one with the coding appended): a validator never names two byte sequences.
 */
export class PreparedPage {
  readonly plain: Buffer;
  readonly updatedAt: number | null;
  readonly #coded = new Map<Coding, Promise<Buffer>>();
  #etag: string | undefined;

  /** `etag`: the plain bytes' ETag when it is known already (a stored page's), else hashed when first asked for. */
  constructor(plain: Buffer, updatedAt: number | null, etag?: string) {
    this.plain = plain;
    this.updatedAt = updatedAt;
    this.#etag = etag;
  }

  /** Hashed when first asked for: a page of a route without conditional requests (GET /item_spread) never is. */
  get etag(): string {
    return (this.#etag ??= etagOf(this.plain));
  }

  /** The plain representation. */
  get plainBody(): PreparedBody {
    return { bytes: this.plain, etag: this.etag, coding: null };
  }

  /** The representation for an Accept-Encoding header (plain when it accepts no coding offered). */
  async body(acceptEncoding: string | undefined): Promise<PreparedBody> {
    const coding = this.plain.length < SMALLEST_COMPRESSED_BYTES ? null : negotiateCoding(acceptEncoding);
    if (coding === null) return this.plainBody;
    let coded = this.#coded.get(coding);
    if (coded === undefined) {
      coded = compress(this.plain, coding);
      this.#coded.set(coding, coded);
      // A failed compression is forgotten, so the next request tries again.
      coded.catch(() => this.#coded.delete(coding));
    }
    return { bytes: await coded, etag: `${this.etag.slice(0, -1)}-${coding}"`, coding };
  }

  /** Bytes held, counting each compressed form at the most a page of JSON takes compressed. */
  get weight(): number {
    return this.plain.length + Math.ceil(this.plain.length / 4);
  }
}

function compress(plain: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotliAsync(plain, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      })
    : gzipAsync(plain, { level: GZIP_LEVEL });
}

function negotiateCoding(acceptEncoding: string | undefined): Coding | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  const chosen = negotiate(acceptEncoding, [...CODINGS]);
  return CODINGS.find((c) => c === chosen) ?? null;
}

const MB = 1024 * 1024;

/**
 * Prepared pages by key, least recently used first, within `maxMegabytes` (0 keeps none: each
 * request builds its own). Concurrent requests for a page that is being built wait for that build.
 */
export class PageMemo {
  readonly #pages: LRUCache<string, PreparedPage, () => Promise<PreparedPage>> | null;

  constructor(maxMegabytes: number) {
    this.#pages =
      maxMegabytes > 0
        ? new LRUCache<string, PreparedPage, () => Promise<PreparedPage>>({
            maxSize: maxMegabytes * MB,
            sizeCalculation: (page) => Math.max(1, page.weight),
            fetchMethod: (_key, _stale, { context }) => context(),
            // A page set or deleted while it is being built (a write carried to its key, an old key
            // dropped) leaves the requests waiting for the build their page, not the abort's error.
            ignoreFetchAbort: true,
          })
        : null;
  }

  get enabled(): boolean {
    return this.#pages !== null;
  }

  async get(key: string, build: () => Promise<PreparedPage>): Promise<PreparedPage> {
    if (this.#pages === null) return build();
    return (await this.#pages.fetch(key, { context: build })) ?? build();
  }

  /** The page kept under `key`, if it is built and still kept; nothing is built. */
  peek(key: string): PreparedPage | undefined {
    return this.#pages?.peek(key);
  }

  /** Keeps `page` under `key` (a page carried to a learner's new data version: carried-pages.ts). */
  set(key: string, page: PreparedPage): void {
    this.#pages?.set(key, page);
  }

  /** Drops the page under `key`, if kept. */
  delete(key: string): void {
    this.#pages?.delete(key);
  }

  clear(): void {
    this.#pages?.clear();
  }
}

/**
 * Prepared pages of data that changes only with a version (the subjects, with the content
 * version), by request address. A page is built once per version and address; when the version
 * moves every page is dropped. `maxMegabytes` 0 disables keeping pages: each request builds its own.
 */
export class PreparedPageCache {
  readonly #pages: PageMemo;
  #version: number | null = null;

  constructor(maxMegabytes: number) {
    this.#pages = new PageMemo(maxMegabytes);
  }

  async get(version: number, address: string, build: () => Promise<PreparedPage>): Promise<PreparedPage> {
    if (version !== this.#version) {
      this.#pages.clear();
      this.#version = version;
    }
    // The version is in the key too: a build that started under an older version is never served under a newer one.
    return this.#pages.get(`${version} ${address}`, build);
  }
}
