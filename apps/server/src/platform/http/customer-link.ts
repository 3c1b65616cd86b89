// How a customer link is checked, once for every customer endpoint: the hash is the only credential
// (128 random bits, URL-safe); unknown, reset or merged-away hashes answer 404, a deleted flow or company
// 410, with the spec's Dutch breaking-error text. An address that keeps guessing is throttled.
import { CUSTOMER_TEXTS } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/database';
import { company } from '../db/tables/companies.schema';
import { customerView } from '../db/tables/customerpages.schema';
import { flow } from '../db/tables/flows.schema';
import { relation } from '../db/tables/relations.schema';
import { AppError, notFound } from '../errors';
import { CUSTOMER_HASH, PUBLIC_LINK_RATE_LIMIT, publicRoute } from './access';
import type { AddressCounts } from './address-counts';

/** Route config of a customer endpoint: public, per-route limit, and counted in the guess guard. */
export function customerRoute(reason: string) {
  return { access: publicRoute(reason), rateLimit: PUBLIC_LINK_RATE_LIMIT, customerLink: true };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A customer (hash link) endpoint: unknown hashes count against the address (guessGuard). */
    customerLink?: boolean;
  }
}

/**
 * The guess guard: an address whose customer calls answered 404 this many times within the window is
 * refused (429) on every customer endpoint until the window ends. A customer who opens their links never
 * meets it (their hashes exist); a script guessing hashes is stopped after a few dozen tries, so
 * 100,000 guesses take years from one address, on top of the 2^128 they would need.
 */
export const GUESS_LIMIT = 30;
export const GUESS_WINDOW_MS = 10 * 60_000;
const GUESS_SCOPE = 'customer link guesses';

/** Counted in the database (address-counts.ts): every server process sees the same count. */
export class GuessGuard {
  constructor(
    private readonly counts: AddressCounts,
    private readonly limit = GUESS_LIMIT,
    private readonly windowMs = GUESS_WINDOW_MS,
  ) {}

  /** The milliseconds the address stays blocked (0: not blocked). */
  async blockedFor(address: string): Promise<number> {
    const { hits, ttlMs } = await this.counts.read(GUESS_SCOPE, address, this.windowMs);
    return hits >= this.limit ? Math.max(ttlMs, 1) : 0;
  }

  async miss(address: string): Promise<void> {
    await this.counts.hit(GUESS_SCOPE, address, this.windowMs);
  }
}

/** Adds the guess guard to every route whose config says `customerLink`. */
export function registerGuessGuard(app: FastifyInstance, guard = new GuessGuard(app.deps.addresses)): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.customerLink) return;
    // The block holds until the window ends, for every customer call of the address, its own valid links
    // included: a valid link answering 200 would tell a guesser which of its guesses hit (decision 024).
    const leftMs = await guard.blockedFor(request.ip);
    if (leftMs > 0)
      return reply
        .status(429)
        .header('retry-after', String(Math.ceil(leftMs / 1000)))
        .send({ message: CUSTOMER_TEXTS.guessBlocked(Math.ceil(leftMs / 60_000)) });
  });
  // Counted before the answer goes out: the next guess, however quick, meets the count.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.routeOptions.config?.customerLink && reply.statusCode === 404) await guard.miss(request.ip);
    return payload;
  });
}

export interface CustomerFlow {
  id: number;
  number: number;
  companyId: number;
  relationId: number;
  userId: number | null;
  officeUserId: number | null;
  projectUserId: number | null;
  /** The customer's name (relation fullname), '' when it has none. */
  relationName: string;
}

/** The flow of a customer link: unknown, reset or merged-away hash 404; trashed flow or company 410. */
export async function flowByHash(db: Database, hash: string): Promise<CustomerFlow> {
  if (!CUSTOMER_HASH.test(hash)) throw notFound(CUSTOMER_TEXTS.flowNotFound);
  const [row] = await db.platform((tx) =>
    tx
      .select({
        id: flow.id,
        number: flow.number,
        companyId: flow.companyId,
        relationId: flow.relationId,
        userId: flow.userId,
        officeUserId: flow.officeUserId,
        projectUserId: flow.projectUserId,
        deletedAt: flow.deletedAt,
        mergedIntoFlowId: flow.mergedIntoFlowId,
        companyDeletedAt: company.deletedAt,
        relationName: relation.fullname,
      })
      .from(flow)
      .innerJoin(company, eq(company.id, flow.companyId))
      .leftJoin(relation, eq(relation.id, flow.relationId))
      .where(eq(flow.hash, hash)),
  );
  if (!row || row.mergedIntoFlowId !== null) throw notFound(CUSTOMER_TEXTS.flowNotFound);
  if (row.deletedAt || row.companyDeletedAt) throw new AppError('gone', CUSTOMER_TEXTS.flowGone);
  const { deletedAt: _d, mergedIntoFlowId: _m, companyDeletedAt: _c, relationName, ...f } = row;
  return { ...f, relationName: relationName ?? '' };
}

/** A transaction in the link's company, with no acting user (the customer). */
export function customerTx<T>(
  db: Database,
  f: { companyId: number },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.tenant({ companyId: f.companyId, userId: null, impersonatorUserId: null }, fn);
}

export type CustomerViewKind = 'flow' | 'quotation' | 'confirmation' | 'document' | 'invoice';

/** Records one open of a customer page (staff see "bekeken op ..."). */
export async function recordView(
  tx: Tx,
  view: { kind: CustomerViewKind; flowId: number | null; documentId: number | null },
): Promise<void> {
  await tx.insert(customerView).values({ kind: view.kind, flowId: view.flowId, documentId: view.documentId });
}

/** The address and browser of the request, as evidence of a signature. */
export function clientFacts(request: FastifyRequest): { ipAddress: string; userAgent: string } {
  return {
    ipAddress: request.ip.slice(0, 64),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1000),
  };
}

/**
 * Staff's "view as customer" opens the same page with the header `x-customer-preview: 1` (the customer
 * entry sends it when its link carries `preview=1`): such an open is not recorded as the customer's.
 */
export function isPreview(request: FastifyRequest): boolean {
  return request.headers['x-customer-preview'] === '1';
}
