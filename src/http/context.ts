import type { PresentedCredential } from '../domain/model/credentials.js';
import type { IdempotentRequest } from '../shared/idempotency.js';

/** Per-route options every plugin reads; declared once so routes and plugins agree. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call: a learner's credential (default), the internal shared secret, or nobody (public). */
    auth?: 'user' | 'internal' | 'public';
    /** Conditional requests and cache headers; 'never-match' sends them but never answers 304. */
    cacheable?: boolean | 'never-match';
    /** Name of the `{<name>: {...}}` wrapper a write body may use. */
    bodyWrapper?: string;
    /** A write that honours an Idempotency-Key (see plugins/idempotency.ts). */
    idempotent?: boolean;
    /**
     * The handler checks the learner's credential itself, with the statement it reads first
     * (plugins/auth.ts): the auth hook leaves the credential presented in `request.credential`.
     */
    checksCredential?: boolean;
    /** A file or page of the web app, served outside the API (no API headers). */
    web?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated learner; set by the auth plugin on user routes. */
    userId: number;
    /**
     * What the learner's own rows are a function of when the credential was checked: the account's
     * uuid, its change stamp and the content version (CredentialOwner). Equal versions mean equal
     * rows, so a page built under one can be served under it again (collection-routes.ts).
     */
    learnerDataVersion: string;
    /** The learner's account and change stamp as the credential check read them (user routes; null on others). */
    learner: { id: number; uuid: string; changeStamp: number } | null;
    /**
     * The content version read by the credential check's own statement (user routes), so that what
     * is built from subjects alone (the subject pages) needs no read of its own.
     */
    contentVersion: number;
    /**
     * The credential presented, while it is not yet checked: on a route that `checksCredential`,
     * until its handler accepted it (plugins/auth.ts, acceptCredentialOwner); null otherwise.
     */
    credential: PresentedCredential | null;
    /** The request's Idempotency-Key and fingerprint, on idempotent routes that were sent one. */
    idempotency: IdempotentRequest | undefined;
  }
  interface FastifyReply {
    /** Newest data_updated_at of the body (epoch ms), for Last-Modified and If-Modified-Since. */
    dataUpdatedAt: number | null;
    /** The ETag of a prepared body sent as bytes (a stored subject page), instead of a hash of the payload. */
    preparedEtag: string | null;
  }
}

export {};
