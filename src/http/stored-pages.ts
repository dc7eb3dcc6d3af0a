import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CredentialHashes } from '../domain/model/credentials.js';
import type { Deps } from '../services/deps.js';
import {
  findLearnerPage,
  giveBackStoredBody,
  ownerAndLearnerPage,
  storeLearnerPages,
  type PageToStore,
  type StoredPage,
} from '../services/stored-pages.js';
import type { Page, PageBounds, RowVersion } from '../shared/paging.js';
import { acceptCredentialOwner, refusedCredential } from './plugins/auth.js';
import { PreparedPage } from './prepared-pages.js';

const MB = 1024 * 1024;
/** The budget is checked again once this share of it was stored since the last check. */
const TRIM_EVERY_SHARE = 16;
/**
 * The least time between two stores, and the quiet a store waits for after the last page pending:
 * a store is a transaction (on SQLite a COMMIT and its sync), about half a millisecond of CPU
 * whatever it holds, so the pages of a sync are gathered, and stored once the sync pauses rather
 * than between its pages.
 */
const STORE_INTERVAL_MS = 50;
/** The longest a page waits to be stored while pages keep coming (a server never quiet for STORE_INTERVAL_MS). */
const STORE_WAIT_MAX_MS = 1000;
/** Addresses whose stored ETag is known, so an unchanged page is not sent to the database again (about 100 bytes each). */
const STORED_ETAGS_KNOWN = 100_000;
/** Credentials (by hash) and addresses this process has served a page to, so it knows where it may hold a page (about 150 bytes each). */
const SERVED_ADDRESSES_KNOWN = 16_384;

let codeKey: string | undefined;

/**
 * What the running server's code is, as a hash of its files. Stored bytes are served only to the
 * code that wrote them, so a deploy that writes a page differently never serves the bytes of the
 * one before. Bundled (production: this module is not a file of its own), the bundle is the whole
 * server, so its one file is hashed; from sources or compiled modules, the tree this module was
 * loaded from (src/ or dist/), which leaves nothing to list. Hashing all of dist/ at every start
 * read its compiled tree and the bundle both: 5.6 MB, 19-25 ms of the start, against 6 ms for the
 * bundle alone (4.9 MB).
 */
function runningCodeKey(): string {
  if (codeKey !== undefined) return codeKey;
  const self = fileURLToPath(import.meta.url);
  const root = dirname(dirname(self));
  const files = basename(self).startsWith('stored-pages.')
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(?:ts|js)$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .sort()
    : [self];
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  codeKey = hash.digest('base64url').slice(0, 22);
  return codeKey;
}

/**
 * A page to store, kept in memory until the next store: a later page at the same address replaces
 * it. Its bytes only when this process did not store the same bytes at the address last.
 */
interface Pending extends PageToStore {
  log: FastifyBaseLogger;
}

/** A page found stored at a learner's address (StoredPages.find). */
export interface FoundPage {
  readonly page: PreparedPage;
  /**
   * Whether it was stored under the learner's data version asked for. Otherwise it is the page a
   * build would write now only if the rows read now have its `rowsKey` (StoredPages.rowsKey).
   */
  readonly current: boolean;
  /** Null when none was stored, or the page was stored by other code, or under other content. */
  readonly rowsKey: string | null;
  /** Where it lies in the collection, when stored with it and `rowsKey` is given (else null). */
  readonly bounds: PageBounds | null;
}

/**
 * Gives the bytes of a page found stored back to the database connection that read them (on
 * PostgreSQL the buffer its row was framed in, framed in again for that connection's next long row:
 * docs/decisions.md, "A stored page's buffer given back (PostgreSQL)") once `response` is done with
 * them: 'finish' comes when the last write has completed, or was dropped with its socket closed (no
 * write of the bytes is left to run); a HEAD or a 304 wrote none of them. A response that errs
 * never finishes: its bytes are left to the collector, as every page's were. Only for a page nothing
 * else holds: served as found, neither kept in a page memo nor compressed, nor stored again with its
 * bytes (StoredPages.keep).
 */
export function giveBackOnceWritten(response: ServerResponse, page: PreparedPage): void {
  response.once('finish', () => giveBackStoredBody(page.plain));
}

/**
 * Learners' collection pages stored whole in the database, so a server that keeps nothing in
 * memory (after a restart) serves a page built before with one look-up, not by reading and writing
 * its 500 rows (docs/decisions.md, "Stored pages"). A page is stored under what its bytes are a
 * function of: the learner's data version (uuid, change stamp, content version, as the page memo's
 * key), the request address, and the writer (this code and the mount's base address). Bounded by
 * `maxMegabytes` of pages, those stored longest ago deleted first; 0 turns it off.
 *
 * Pages are stored after their responses, in one transaction with the others built meanwhile,
 * once no page was pending for STORE_INTERVAL_MS (at most STORE_WAIT_MAX_MS after the first of
 * them) and at most one transaction every STORE_INTERVAL_MS (on SQLite it joins the group commit's
 * batch): a transaction a page cost more than the page's bytes. A page whose bytes this process
 * stored last at the same address (most pages of a sync after a write) moves only its entry's version.
 */
export class StoredPages {
  readonly #deps: Deps;
  readonly #budgetBytes: number;
  readonly #writer: string;
  readonly #pending = new Map<string, Pending>();
  /** The ETag of the bytes this process last stored at each learner's address. */
  readonly #storedEtags = new LRUCache<string, string>({ max: STORED_ETAGS_KNOWN });
  /** `${credential hash} ${address}` of each page this process served on PostgreSQL (checksWithLookUp). */
  readonly #served = new LRUCache<string, true>({ max: SERVED_ADDRESSES_KNOWN });
  /** The learner each credential (by hash) was last served a page for (ownerOf). */
  readonly #owners = new LRUCache<string, number>({ max: SERVED_ADDRESSES_KNOWN });
  /** Per learner, whether the page this process last looked up for them was current, and their write mark then (expectsCurrent). */
  readonly #lastFound = new LRUCache<number, { current: boolean; writeMark: number }>({ max: SERVED_ADDRESSES_KNOWN });
  /** The store under way, which stores whatever is pending until nothing is. */
  #storing: Promise<void> | null = null;
  /** When the last store began (performance.now()). */
  #lastStore = Number.NEGATIVE_INFINITY;
  /** When the first and the last of the pages pending became pending (performance.now()). */
  #firstPending = Number.NEGATIVE_INFINITY;
  #lastPending = Number.NEGATIVE_INFINITY;
  /** Bytes stored by this process since the budget was last checked (checked at its first store too). */
  #sinceTrim = Number.POSITIVE_INFINITY;

  constructor(deps: Deps, maxMegabytes: number, baseAddress: string) {
    this.#deps = deps;
    this.#budgetBytes = maxMegabytes * MB;
    this.#writer = maxMegabytes > 0 ? `${runningCodeKey()} ${baseAddress}` : '';
  }

  get enabled(): boolean {
    return this.#budgetBytes > 0;
  }

  /** What the version of a page stored by this process starts with: its code and mount (the rest is the learner's data version). */
  get writer(): string {
    return this.#writer;
  }

  /**
   * The page stored for the learner at `address`, if any: under `dataVersion`, or under another
   * version of the learner's data (then to be compared by its rows' key before it is served).
   */
  async find(userId: number, address: string, dataVersion: string): Promise<FoundPage | null> {
    const stored = await findLearnerPage(this.#deps, userId, address);
    return stored === undefined ? null : this.found(userId, address, dataVersion, stored);
  }

  /**
   * `find` for the request's address with the request's credential checked by the same statement
   * (on PostgreSQL one round trip, not two): the request's learner is set as the credential check
   * sets it. Throws the 401 of a credential that does not pass.
   */
  async findCheckingCredential(request: FastifyRequest, hashes: CredentialHashes): Promise<FoundPage | null> {
    const read = await ownerAndLearnerPage(this.#deps, hashes, request.url);
    if (read === undefined) throw refusedCredential(request);
    acceptCredentialOwner(request, read.owner);
    return read.page === undefined ? null : this.found(read.owner.userId, request.url, request.learnerDataVersion, read.page);
  }

  /**
   * Whether the page stored for a credential's learner is likely current: the page this process
   * last looked up for them was, and they wrote nothing through it since. Their page is then looked
   * up alone (findCheckingCredential), not with the page read against it (http/collection-routes.ts):
   * the statement that reads both made PostgreSQL start every node of the page's plan for a page
   * found current, 0.1 ms of a backend's CPU a page of a cold sync. A page found stale after all is
   * read against in a second statement; a learner who wrote elsewhere costs that once, as their next
   * look-up reads both again (docs/decisions.md, "A stored page looked up alone when it is likely current").
   */
  expectsCurrent(credentialHash: string): boolean {
    const userId = this.ownerOf(credentialHash);
    const last = this.#lastFound.get(userId);
    return last?.current === true && last.writeMark === this.#deps.db.learnerWrites.writeMark(userId);
  }

  /** What a page read stored for the learner at `address` is to a request under `dataVersion`. */
  found(userId: number, address: string, dataVersion: string, stored: StoredPage): FoundPage {
    // Its bytes are stored under its ETag: storing the page again moves only its entry.
    this.#storedEtags.set(`${userId} ${address}`, stored.etag);
    const current = stored.version === `${this.#writer} ${dataVersion}`;
    this.#lastFound.set(userId, { current, writeMark: this.#deps.db.learnerWrites.writeMark(userId) });
    // `${uuid}@${stamp} ${content version}`: only a page of this writer, learner and content can have
    // the same rows' key, so the rows of one stored by other code or under other content are not read to compare.
    const stampAt = dataVersion.indexOf('@') + 1;
    const sameButStamp =
      stored.version.startsWith(`${this.#writer} ${dataVersion.slice(0, stampAt)}`) &&
      stored.version.endsWith(dataVersion.slice(dataVersion.lastIndexOf(' ')));
    return {
      page: new PreparedPage(stored.body, stored.dataUpdatedAt, stored.etag),
      current,
      rowsKey: sameButStamp ? stored.rowsKey : null,
      bounds: sameButStamp && stored.rowsKey !== null ? stored.bounds : null,
    };
  }

  /**
   * Whether a request's credential is best checked by the look-up of its page
   * (findCheckingCredential): when the process would look the page up anyway, that is when it keeps
   * no learner pages nor rows at all (`keepsNothing`), or has served this credential nothing at
   * this address since it started (after a restart, every page of a first sync). Otherwise it may
   * hold the page, and the look-up would move the stored bytes for nothing.
   */
  checksWithLookUp(credentialHash: string, address: string, keepsNothing: boolean): boolean {
    return keepsNothing || !this.#served.has(`${credentialHash} ${address}`);
  }

  /** Notes a page served to a credential at an address, for its learner (checksWithLookUp, ownerOf). */
  served(credentialHash: string, address: string, userId: number): void {
    this.#served.set(`${credentialHash} ${address}`, true);
    this.#owners.set(credentialHash, userId);
  }

  /**
   * The learner a credential was last served a page for, 0 when none: a statement that checks the
   * credential itself names the count it may take as kept by it (a count kept for another learner
   * state is not taken).
   */
  ownerOf(credentialHash: string): number {
    return this.#owners.get(credentialHash) ?? 0;
  }

  /**
   * What a learner's page is written from besides the learner's change stamp: this writer, the
   * learner (uuid) and the content version, and the page's rows (ids and versions, in order), total
   * count and links. Rows only gain newer versions (docs/decisions.md, "Kept row bytes"), so two
   * pages at one address with the same key are the same bytes, whatever else the learner wrote
   * between them.
   */
  rowsKey(uuid: string, contentVersion: number, rows: Page<RowVersion>): string {
    const numbers = new Float64Array(3 + 2 * rows.rows.length);
    numbers[0] = rows.totalCount;
    numbers[1] = rows.hasNext ? 1 : 0;
    numbers[2] = rows.hasPrevious ? 1 : 0;
    for (let i = 0; i < rows.rows.length; i += 1) {
      numbers[3 + 2 * i] = rows.rows[i]!.id;
      numbers[4 + 2 * i] = rows.rows[i]!.updatedAt;
    }
    return createHash('sha1').update(`${this.#writer}\n${uuid}\n${contentVersion}\n`).update(numbers).digest('base64url');
  }

  /**
   * Stores a page just built (or found the same as one stored earlier), with its rows' key and bounds, after
   * its response: with every page built meanwhile, once the store before is over. A failure is
   * logged only: an unstored page is built again. Whether the store holds the page's bytes: not
   * when this process stored the same bytes at the address last (a page found stored under an
   * earlier state and the same now), whose entry alone is stored again; the response may then give
   * them back once written (giveBackOnceWritten).
   */
  keep(
    userId: number,
    address: string,
    dataVersion: string,
    page: PreparedPage,
    rowsKey: string | null,
    bounds: PageBounds | null,
    log: FastifyBaseLogger,
  ): boolean {
    this.#lastPending = performance.now();
    if (this.#pending.size === 0) this.#firstPending = this.#lastPending;
    const key = `${userId} ${address}`;
    // Bytes this process stored last at the address are stored still, unless a trim took them
    // since: the entry is then stored without them, and no look-up finds it (the page is built again).
    const body = this.#storedEtags.get(key) === page.etag ? null : page.plain;
    const entry = {
      userId,
      address,
      version: `${this.#writer} ${dataVersion}`,
      etag: page.etag,
      dataUpdatedAt: page.updatedAt,
      bytes: page.plain.length,
      rowsKey,
      bounds,
    };
    this.#pending.set(key, { entry, body, log });
    this.#storing ??= this.#storePending();
    return body !== null;
  }

  /** Once what is pending now is stored (the server closing). */
  async settle(): Promise<void> {
    await this.#storing;
  }

  async #storePending(): Promise<void> {
    while (this.#pending.size > 0) {
      // Once the pages stop coming for STORE_INTERVAL_MS, and STORE_INTERVAL_MS after the last
      // store: a sync asked page after page goes out before any of its pages is stored, and its
      // pages share a transaction. Stored STORE_INTERVAL_MS after the first page pending, a sync of
      // 23 pages (80-140 ms) had two or three stores run between its pages, each a transaction of
      // several statements on the thread that serves them (bench/README.md, sixteenth pass).
      for (;;) {
        const quiet = Math.max(this.#lastStore, this.#lastPending) + STORE_INTERVAL_MS;
        const latest = Math.max(this.#lastStore + STORE_INTERVAL_MS, this.#firstPending + STORE_WAIT_MAX_MS);
        const wait = Math.min(quiet, latest) - performance.now();
        if (wait <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      this.#lastStore = performance.now();
      // In one order in every process, so two stores of the same entries wait for each other rather than deadlock.
      const pages = [...this.#pending.values()].sort(
        ({ entry: a }, { entry: b }) => a.userId - b.userId || (a.address < b.address ? -1 : 1),
      );
      this.#pending.clear();
      await this.#store(pages).catch((error: unknown) => pages[0]!.log.warn({ err: error }, 'learner pages were not stored'));
    }
    this.#storing = null;
  }

  async #store(pages: readonly Pending[]): Promise<void> {
    const known = this.#storedEtags;
    for (const { body } of pages) this.#sinceTrim += body?.length ?? 0;
    const trim = this.#sinceTrim >= this.#budgetBytes / TRIM_EVERY_SHARE;
    await storeLearnerPages(this.#deps, pages, trim ? this.#budgetBytes : null);
    if (trim) {
      this.#sinceTrim = 0;
      known.clear();
    }
    for (const { entry } of pages) known.set(`${entry.userId} ${entry.address}`, entry.etag);
  }
}
