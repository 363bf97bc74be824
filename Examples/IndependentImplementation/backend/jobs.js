'use strict';
// The enrichment job backend (Seed 000, "Backend Cancellation Flow"):
// - the Worker's POST /api/enrichment/cancel handler,
// - the per-job Durable Object state (ProgressWebSocketDO: cancelJob,
//   isCanceled, broadcasts),
// - the enrichment loop, one book per turn, checking cancellation before each
//   book and sending the final { type: "complete", canceled } update.
//
// Everything is driven by the caller's virtual time `now` (BigInt epoch ms).

const { parse, isObject, JSONSyntaxError } = require('./wire');
const { INT64_MAX, clampInt64 } = require('./text');

const CANCEL_PATH = '/api/enrichment/cancel';
const MAX_CANCEL_BODY_BYTES = 64 * 1024;
const JOB_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const CANCEL_MESSAGE = 'Job canceled by user';

// ---------------------------------------------------------------------------
// Time formatting: an ISO 8601 instant for any Int64 epoch milliseconds, as
// Date.prototype.toISOString writes it (expanded years outside 0000...9999),
// without Date's ±8.64e15 ms range limit.

function floorDiv(a, b) {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

function pad(n, width) {
  return n.toString().padStart(width, '0');
}

function isoTimestamp(ms) {
  const day = floorDiv(ms, 86400000n);
  let rest = ms - day * 86400000n;
  // civil_from_days (H. Hinnant), in BigInt.
  const z = day + 719468n;
  const era = floorDiv(z, 146097n);
  const doe = z - era * 146097n;
  const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const d = doy - (153n * mp + 2n) / 5n + 1n;
  const m = mp < 10n ? mp + 3n : mp - 9n;
  const y = yoe + era * 400n + (m <= 2n ? 1n : 0n);
  const hh = rest / 3600000n; rest -= hh * 3600000n;
  const mi = rest / 60000n; rest -= mi * 60000n;
  const ss = rest / 1000n; rest -= ss * 1000n;
  let year;
  if (y >= 0n && y <= 9999n) year = pad(y, 4);
  else year = (y < 0n ? '-' : '+') + pad(y < 0n ? -y : y, 6);
  return `${year}-${pad(m, 2)}-${pad(d, 2)}T${pad(hh, 2)}:${pad(mi, 2)}:${pad(ss, 2)}.${pad(rest, 3)}Z`;
}

// ---------------------------------------------------------------------------
// Books

function normalizeBook(b) {
  if (!isObject(b)) throw new Error('book: expected an object');
  if (typeof b.workRawIdentifier !== 'string') throw new Error('book.workRawIdentifier: expected a decimal string');
  if (typeof b.title !== 'string') throw new Error('book.title: expected a string');
  return {
    workRawIdentifier: b.workRawIdentifier,
    title: b.title,
    author: typeof b.author === 'string' ? b.author : null,
    isbn: typeof b.isbn === 'string' ? b.isbn : null,
  };
}

// ---------------------------------------------------------------------------
// The Durable Object of one job.

class JobState {
  constructor(jobId, token, books, now) {
    this.jobId = jobId;
    this.token = token; // string or null (a job started without a token)
    this.books = books;
    this.startedAt = now;
    this.status = 'running'; // running | canceled | completed | failed
    this.ended = false; // the job's final message (complete or error) was broadcast
    this.processed = 0n;
    this.successCount = 0n;
    this.failureCount = 0n;
    this.outbox = []; // broadcasts not yet taken
  }

  clone() {
    const c = Object.create(JobState.prototype);
    Object.assign(c, this);
    c.books = this.books.map((b) => ({ ...b }));
    c.outbox = this.outbox.map((m) => ({ ...m }));
    return c;
  }

  get total() {
    return BigInt(this.books.length);
  }

  isCanceled() {
    return this.status === 'canceled';
  }

  broadcast(type, now, fields) {
    this.outbox.push({ type, jobId: this.jobId, timestamp: now, ...fields });
  }

  // ProgressWebSocketDO.cancelJob(): mark canceled, tell the client once.
  cancelJob(now) {
    if (this.status === 'canceled') return true; // idempotent: no second broadcast
    if (this.status !== 'running') return false;
    this.status = 'canceled';
    this.broadcast('canceled', now, {
      message: CANCEL_MESSAGE,
      processedItems: this.processed,
      totalItems: this.total,
    });
    return true;
  }

  complete(now) {
    this.ended = true;
    let duration = now - this.startedAt;
    if (duration < 0n) duration = 0n;
    if (duration > INT64_MAX) duration = INT64_MAX;
    if (this.status === 'running') this.status = 'completed';
    this.broadcast('complete', now, {
      canceled: this.status === 'canceled',
      processedItems: this.processed,
      totalItems: this.total,
      successCount: this.successCount,
      failureCount: this.failureCount,
      durationMilliseconds: duration,
    });
  }

  fail(now, code, message) {
    this.ended = true;
    this.status = 'failed';
    this.broadcast('error', now, {
      code,
      message,
      processedItems: this.processed,
      totalItems: this.total,
    });
  }
}

// ---------------------------------------------------------------------------
// HTTP helpers for the Worker's handler.

function jsonResponse(status, body) {
  return { status: BigInt(status), body };
}

function errorResponse(status, code, message) {
  return jsonResponse(status, { success: false, error: { code, message } });
}

// Constant-time comparison of two strings' UTF-8 bytes.
function sameSecret(a, b) {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] | 0) ^ (y[i] | 0);
  return diff === 0;
}

// The bearer token of an Authorization value: "Bearer <token>" (scheme in any
// case), or the token alone.
function bearerToken(authorization) {
  if (typeof authorization !== 'string') return null;
  const m = /^\s*bearer\s+(.+?)\s*$/i.exec(authorization);
  return m ? m[1] : authorization;
}

function authorized(job, authorization) {
  if (job.token === null) return true; // nothing to check against
  if (typeof authorization !== 'string') return false;
  return sameSecret(authorization, job.token) || sameSecret(bearerToken(authorization), job.token);
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true }); // strips a leading BOM, as request.json() does

// ---------------------------------------------------------------------------
// The backend: Worker + one Durable Object per job.

class EnrichmentJobBackend {
  constructor() {
    this.jobs = new Map();
  }

  clone() {
    const c = new EnrichmentJobBackend();
    for (const [id, job] of this.jobs) c.jobs.set(id, job.clone());
    return c;
  }

  startJob(jobId, token, books, now) {
    if (typeof jobId !== 'string') throw new Error('startJob: jobId must be a string');
    if (token !== null && typeof token !== 'string') throw new Error('startJob: token must be a string or null');
    if (!Array.isArray(books)) throw new Error('startJob: books must be an array');
    const job = new JobState(jobId, token, books.map(normalizeBook), now);
    const previous = this.jobs.get(jobId);
    if (previous) job.outbox = previous.outbox; // already broadcast; still to be taken
    this.jobs.set(jobId, job);
  }

  // POST /api/enrichment/cancel { "jobId": "..." }
  handleCancelRequest(req, now) {
    const path = String(req.path ?? '').split('?')[0];
    if (path !== CANCEL_PATH) return errorResponse(404, 'NOT_FOUND', `No route for ${path}`);
    if (req.method !== 'POST') return errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use POST');

    const b64 = typeof req.base64 === 'string' ? req.base64 : '';
    // Refuse an oversized body before decoding it (a Worker would look at
    // Content-Length first): 4 base64 characters carry at most 3 bytes.
    const decodedAtLeast = Math.floor(b64.length / 4) * 3 - 2;
    const bytes = decodedAtLeast > MAX_CANCEL_BODY_BYTES ? null : Buffer.from(b64, 'base64');
    if (bytes === null || bytes.length > MAX_CANCEL_BODY_BYTES) {
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `Request body must be at most ${MAX_CANCEL_BODY_BYTES} bytes`);
    }
    let body;
    try {
      body = parse(utf8Strict.decode(bytes));
    } catch (e) {
      if (e instanceof JSONSyntaxError || e instanceof TypeError) {
        return errorResponse(400, 'INVALID_REQUEST', 'Request body must be a JSON object: { "jobId": string }');
      }
      throw e;
    }
    if (!isObject(body)) return errorResponse(400, 'INVALID_REQUEST', 'Request body must be a JSON object: { "jobId": string }');
    const jobId = body.jobId;
    if (jobId === undefined || jobId === null) return errorResponse(400, 'INVALID_REQUEST', 'jobId is required');
    if (typeof jobId !== 'string') return errorResponse(400, 'INVALID_REQUEST', 'jobId must be a string');
    if (!JOB_ID_PATTERN.test(jobId)) return errorResponse(400, 'INVALID_REQUEST', 'jobId is not a valid job ID');

    const job = this.jobs.get(jobId);
    if (!job) return errorResponse(404, 'JOB_NOT_FOUND', 'No active job found with this ID');
    if (!authorized(job, req.authorization)) return errorResponse(401, 'UNAUTHORIZED', 'Missing or invalid token for this job');
    if (!job.cancelJob(now)) return errorResponse(404, 'JOB_NOT_FOUND', 'No active job found with this ID');

    return jsonResponse(200, {
      success: true,
      data: { jobId, status: 'canceled' },
      meta: { timestamp: isoTimestamp(clampInt64(now)) },
    });
  }

  // One iteration of the enrichment loop. Without an outcome: the book the
  // turn would enrich (nothing changes), or the turn run when it enriches
  // nothing. With an outcome: the turn run with that outcome.
  runLoopTurn(jobId, outcome, now) {
    const job = this.jobs.get(jobId);
    if (!job || job.ended) return { kind: 'done' };

    // Before processing each book: check isCanceled(); if so, break and send
    // the final update.
    if (job.isCanceled()) {
      job.complete(now);
      return { kind: 'done' };
    }
    if (job.processed >= job.total) {
      job.complete(now);
      return { kind: 'done' };
    }

    const book = job.books[Number(job.processed)];
    if (outcome === undefined || outcome === null) return { kind: 'needsOutcome', book: { ...book } };

    if (!isObject(outcome)) throw new Error('outcome: expected an object');
    if (outcome.kind === 'enriched') job.successCount += 1n;
    else if (outcome.kind === 'notFound' || outcome.kind === 'failed') job.failureCount += 1n;
    else throw new Error(`outcome: unknown kind ${JSON.stringify(outcome.kind)}`);
    job.processed += 1n;
    job.broadcast('progress', now, {
      processedCount: job.processed,
      totalCount: job.total,
      currentTitle: book.title,
    });
    // The loop ends after the last book: send the completion right away.
    if (job.processed >= job.total) job.complete(now);
    return { kind: 'done' };
  }

  // The loop died (catastrophic failure): tell the client with an error
  // message. A job the user already canceled ends as canceled instead.
  failJob(jobId, code, message, now) {
    const job = this.jobs.get(jobId);
    if (!job || job.ended) return;
    if (job.isCanceled()) {
      job.complete(now);
      return;
    }
    job.fail(now, String(code), String(message));
  }

  takeBroadcasts(jobId) {
    const job = this.jobs.get(jobId);
    if (!job) return [];
    const out = job.outbox;
    job.outbox = [];
    return out;
  }
}

module.exports = { EnrichmentJobBackend, isoTimestamp, CANCEL_PATH, MAX_CANCEL_BODY_BYTES, CANCEL_MESSAGE };
