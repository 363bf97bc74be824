'use strict';
// Seam `enrichment-job-backend`: the backend's enrichment jobs, the cancel endpoint
// `POST /api/enrichment/cancel`, and the job loop. A port of ModelEnrichmentJobBackend
// (Sources/SpecConformance/Backend/EnrichmentJobBackend.swift), which is:
//
// - BackendJobRegistry (Sources/SpecModel/Backend/BackendJobRegistry.swift): jobs by ID, ASCII case
//   ignored (D-024), each job's token (D-080, D-129);
// - EnrichmentJob (EnrichmentJob.swift): status running → complete | canceled | failed, the outbox of
//   broadcasts, and the loop as a state machine, one book a turn, cancellation checked first;
// - CancelEndpoint (CancelEndpoint.swift): the method, the 16,384-byte body limit, strict JSON (D-014,
//   via jsonbytes.js), the UUID `jobId`, the token, and the seed's response bodies (D-023, D-024);
// - ISO8601Timestamp.format (Sources/TextFormats/JSON/ISO8601Timestamp.swift) for `meta.timestamp`;
// - JobMessage (JobMessage.swift), written in the wire shapes of ProcessJobBackend.swift.
//
// The wire (Sources/ProcessAdapter/Seams/ProcessJobBackend.swift, and the `.backend` case of
// Server/AdapterServer.swift, the Swift program side):
//
//   startJob            {"jobId", "token": string|null, "books": [Book]}                  → null
//   handleCancelRequest {"method", "path", "base64", "text"?, "authorization": string|null} → {"status", "body"}
//   runLoopTurn         {"jobId"}             → {"kind": "needsOutcome", "book": Book} (nothing changed) | {"kind": "done"}
//                       {"jobId", "outcome"}  → {"kind": "done"}, the turn run with that outcome
//   failJob             {"jobId", "code", "message"}                                        → null
//   takeBroadcasts      {"jobId"}                                                           → [JobMessage]
//
// A Book is {"workRawIdentifier": decimal string of a UInt64, "title", "author": string|null, "isbn":
// string|null}; an Outcome {"kind": "enriched"}, {"kind": "notFound"} or {"kind": "failed", "reason"}.
// Every method takes `now` (epoch ms), but takeBroadcasts.
//
// Times are BigInt epoch milliseconds (Swift's Int64); counts are JS numbers (they are bounded by the
// number of books) and become BigInt where they are written, so they encode as integers.

const { INT64_MIN, INT64_MAX, kindOf, scalarPrefix } = require('./json');
const { parseBytes, JSONBytesError } = require('./jsonbytes');

// MARK: - Job IDs and tokens (BackendJobRegistry.swift, ProgressJobSocket.constantTimeEqual)

/// BackendJobRegistry.key: the ID with ASCII A-Z lowercased, every other byte kept (D-024).
///
/// The model's registry is a Swift Dictionary keyed by this String, and Swift's String equality is
/// canonical equivalence, so there "é" (U+00E9) and "e\u0301" name the same job. This port compares
/// keys by their code points, as D-014 says strings compare and as `BackendJobRegistry.sameJob` does;
/// the suites use ASCII UUIDs only, where the two agree.
function registryKey(jobId) {
  return jobId.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/// ProgressJobSocket.constantTimeEqual: whether `presented` is `secret`, byte for byte, reading every
/// byte of `presented` once and folding a length difference into the result rather than branching on
/// it, so the time taken depends on the presented token's length only (D-129). `secret` is not empty.
function constantTimeEqual(presented, secret) {
  const p = Buffer.from(presented, 'utf8');
  const s = Buffer.from(secret, 'utf8');
  let difference = p.length ^ s.length;
  for (let i = 0; i < p.length; i += 1) difference |= p[i] ^ s[i % s.length];
  return difference === 0;
}

// MARK: - A job (EnrichmentJob.swift)

/// Seed 000_…, "Backend Cancellation Flow": `cancelJob()` sets the status to canceled and broadcasts
/// `canceled`; the loop checks `isCanceled` before each book, and once it sees cancellation it breaks
/// and sends the final `{ type: "complete", canceled: true }`. Status never goes back to running.
class EnrichmentJob {
  /// `books` are {workRawIdentifier: BigInt, title, author: string|null, isbn: string|null}, never
  /// changed; `startedAt` is BigInt ms.
  constructor(jobId, books, startedAt) {
    this.jobId = jobId; // the ID text the job was started with: answers name the job by it (D-024)
    this.books = books;
    this.startedAt = startedAt;
    this.status = 'running'; // JobStatus: running, complete, canceled, failed
    this.processedCount = 0; // books the loop processed (enriched or not)
    this.successCount = 0;
    this.failureCount = 0;
    this.failedTitles = [];
    /// The messages broadcast to the job's socket, in order, in their wire shape (JobMessage).
    this.outbox = [];
    this.loopObservedCancellation = false;
    this.loopFinished = false; // the loop sent its final message (or the job failed)
  }

  clone() {
    const copy = Object.assign(Object.create(EnrichmentJob.prototype), this);
    copy.failedTitles = [...this.failedTitles];
    copy.outbox = [...this.outbox]; // messages are never changed once sent
    return copy;
  }

  get totalCount() {
    return this.books.length;
  }

  /// EnrichmentJob.cancelJob: 'canceled' (and the `canceled` broadcast), 'alreadyCanceled' (nothing
  /// changes: canceling twice is harmless, D-023), or 'notActive' for a job that completed or failed.
  cancelJob(now) {
    switch (this.status) {
      case 'running':
        this.status = 'canceled';
        this.outbox.push(canceledMessage(this.jobId, now, 'Job canceled by user', this.processedCount, this.totalCount));
        return 'canceled';
      case 'canceled':
        return 'alreadyCanceled';
      default:
        return 'notActive';
    }
  }

  /// What the next loop turn will do, without doing it (the guards of EnrichmentJob.loopStep, in
  /// order): 'alreadyEnded', 'stoppedByCancellation', 'finished', or 'processed' (it enriches the book
  /// at `processedCount`, the only case that asks the provider).
  nextTurn() {
    if (this.loopFinished || this.status === 'failed') return 'alreadyEnded';
    if (this.status === 'canceled') return 'stoppedByCancellation';
    if (this.processedCount >= this.totalCount) return 'finished';
    return 'processed';
  }

  /// EnrichmentJob.loopStep: one turn of the loop at `now`. `enrich(book)` is the provider's outcome
  /// for the book processed, {kind: 'enriched' | 'notFound' | 'failed', reason?}; it is called only
  /// when a book is processed. Returns what the turn did (LoopStep's case name).
  loopStep(now, enrich) {
    const step = this.nextTurn();
    switch (step) {
      case 'alreadyEnded':
        break;
      case 'stoppedByCancellation': {
        const complete = this.completion(now, true);
        this.loopObservedCancellation = true;
        this.loopFinished = true;
        this.outbox.push(complete);
        break;
      }
      case 'finished': {
        const complete = this.completion(now, false);
        this.status = 'complete';
        this.loopFinished = true;
        this.outbox.push(complete);
        break;
      }
      case 'processed': {
        const book = this.books[this.processedCount];
        const outcome = enrich(book);
        if (outcome.kind === 'enriched') {
          this.successCount += 1;
        } else { // notFound, failed
          this.failureCount += 1;
          this.failedTitles.push(book.title);
        }
        this.processedCount += 1;
        this.outbox.push(progressMessage(this.jobId, now, this.processedCount, this.totalCount, book.title));
        break;
      }
      default:
        throw new Error(`unknown loop step ${step}`);
    }
    return step;
  }

  /// EnrichmentJob.fail: a catastrophic error ends a running job and is broadcast; otherwise nothing.
  fail(now, code, message) {
    if (this.status !== 'running') return;
    this.status = 'failed';
    this.loopFinished = true;
    this.outbox.push(errorMessage(this.jobId, now, code, message, this.processedCount, this.totalCount));
  }

  /// EnrichmentJob.completion: the loop's final message. Its duration is `now - startedAt` in Int64,
  /// which traps in Swift when it overflows; here it throws before the job changes (the adapter then
  /// answers an error, where the model's program would have crashed).
  completion(now, canceled) {
    const durationMilliseconds = now - this.startedAt;
    if (durationMilliseconds < INT64_MIN || durationMilliseconds > INT64_MAX) {
      throw new Error(`the duration ${now} ms - ${this.startedAt} ms overflows Int64 (the model traps here)`);
    }
    return {
      type: 'complete', jobId: this.jobId, timestamp: now, canceled,
      processedItems: BigInt(this.processedCount), totalItems: BigInt(this.totalCount),
      successCount: BigInt(this.successCount), failureCount: BigInt(this.failureCount), durationMilliseconds,
    };
  }
}

// MARK: - Messages (JobMessage.swift, in ProcessJobBackend.encode's wire shapes)

function progressMessage(jobId, timestamp, processedCount, totalCount, currentTitle) {
  return { type: 'progress', jobId, timestamp, processedCount: BigInt(processedCount), totalCount: BigInt(totalCount), currentTitle };
}

/// The seed's "WebSocket Message (After Cancellation)".
function canceledMessage(jobId, timestamp, message, processedItems, totalItems) {
  return { type: 'canceled', jobId, timestamp, message, processedItems: BigInt(processedItems), totalItems: BigInt(totalItems) };
}

/// JobMessage.failed, whose type on the wire is "error".
function errorMessage(jobId, timestamp, code, message, processedItems, totalItems) {
  return { type: 'error', jobId, timestamp, code, message, processedItems: BigInt(processedItems), totalItems: BigInt(totalItems) };
}

// MARK: - The registry (BackendJobRegistry.swift)

/// The backend's enrichment jobs by job ID: the Durable Object namespace.
class BackendJobRegistry {
  constructor() {
    this.jobs = new Map(); // registryKey(jobId) → EnrichmentJob
    this.tokens = new Map(); // registryKey(jobId) → the job's token, for jobs started with one (D-080)
  }

  clone() {
    const copy = new BackendJobRegistry();
    for (const [key, job] of this.jobs) copy.jobs.set(key, job.clone());
    copy.tokens = new Map(this.tokens);
    return copy;
  }

  /// BackendJobRegistry.startJob: an ID already in use, in any ASCII case, is refused (returns false)
  /// and changes nothing. A job started without a token, or with an empty one, is canceled by its ID
  /// alone (D-129).
  startJob(jobId, books, now, token) {
    const key = registryKey(jobId);
    if (this.jobs.has(key)) return false;
    this.jobs.set(key, new EnrichmentJob(jobId, books, now));
    if (token !== null && token !== '') this.tokens.set(key, token);
    return true;
  }

  /// BackendJobRegistry.authorizes: always for a job without a token (or no job at all), else only
  /// with that token, compared in constant time (D-080, D-129).
  authorizes(jobId, token) {
    const expected = this.tokens.get(registryKey(jobId));
    if (expected === undefined) return true;
    if (token === null) return false;
    return constantTimeEqual(token, expected);
  }

  /// The job with this ID, in any ASCII case, or undefined.
  job(jobId) {
    return this.jobs.get(registryKey(jobId));
  }

  /// BackendJobRegistry.cancel: the job's CancelResult, or undefined when no job has this ID.
  cancel(jobId, now) {
    const job = this.job(jobId);
    return job === undefined ? undefined : job.cancelJob(now);
  }

  /// BackendJobRegistry.loopStep: one loop turn, or undefined when no job has this ID.
  loopStep(jobId, now, enrich) {
    const job = this.job(jobId);
    return job === undefined ? undefined : job.loopStep(now, enrich);
  }

  /// BackendJobRegistry.fail: false when no job has this ID.
  fail(jobId, now, code, message) {
    const job = this.job(jobId);
    if (job === undefined) return false;
    job.fail(now, code, message);
    return true;
  }
}

// MARK: - Timestamps (ISO8601Timestamp.swift)

/// The earliest and latest instants the form can write: 0000-01-01T00:00:00Z and the last millisecond
/// of 9999-12-31T23:59:59Z.
const ISO8601_MIN = -62167219200000n;
const ISO8601_MAX = 253402300799999n;

/// Division rounding toward negative infinity (BigInt's `/` truncates, as Swift's does).
function floorDivide(dividend, divisor) {
  const quotient = dividend / divisor;
  return dividend % divisor !== 0n && (dividend < 0n) !== (divisor < 0n) ? quotient - 1n : quotient;
}

/// ISO8601Timestamp.civil(fromDays:): Howard Hinnant's `civil_from_days`, proleptic Gregorian.
function civilFromDays(days) {
  const z = days + 719468n;
  const era = floorDivide(z, 146097n);
  const dayOfEra = z - era * 146097n; // 0...146096
  const yearOfEra = (dayOfEra - dayOfEra / 1460n + dayOfEra / 36524n - dayOfEra / 146096n) / 365n; // 0...399
  const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n); // 0...365
  const shiftedMonth = (5n * dayOfYear + 2n) / 153n; // 0...11, from March
  const day = dayOfYear - (153n * shiftedMonth + 2n) / 5n + 1n;
  const month = shiftedMonth < 10n ? shiftedMonth + 3n : shiftedMonth - 9n;
  const year = yearOfEra + era * 400n + (month <= 2n ? 1n : 0n);
  return [year, month, day];
}

/// ISO8601Timestamp.format: `YYYY-MM-DDTHH:MM:SSZ`, the milliseconds dropped toward the earlier second
/// (-1 ms is 1969-12-31T23:59:59Z); null outside the years 0000 to 9999 (D-014).
function formatISO8601(epochMilliseconds) {
  if (epochMilliseconds < ISO8601_MIN || epochMilliseconds > ISO8601_MAX) return null;
  const seconds = floorDivide(epochMilliseconds, 1000n);
  const days = floorDivide(seconds, 86400n);
  const secondOfDay = seconds - days * 86400n;
  const [year, month, day] = civilFromDays(days);
  const digits = (value, width) => value.toString().padStart(width, '0');
  return `${digits(year, 4)}-${digits(month, 2)}-${digits(day, 2)}`
    + `T${digits(secondOfDay / 3600n, 2)}:${digits((secondOfDay / 60n) % 60n, 2)}:${digits(secondOfDay % 60n, 2)}Z`;
}

// MARK: - The cancel endpoint (CancelEndpoint.swift)

const CANCEL_PATH = '/api/enrichment/cancel';
/// CancelEndpoint.requestBytesMax: the largest request body read, in bytes (D-024).
const REQUEST_BYTES_MAX = 16384;
/// The seed's 404 message (D-023, and D-080: a refused token gets the same answer as no job).
const JOB_NOT_FOUND_MESSAGE = 'No active job found with this ID';

/// CancelEndpoint.errorBody: {"success": false, "error": {"code", "message", "details"?}}.
function errorBody(code, message, details) {
  return { success: false, error: { code, message, details } };
}

function failure(status, code, message) {
  return { status: BigInt(status), body: errorBody(code, message, undefined) };
}

/// CancelEndpoint.success: the seed's body, with `alreadyCanceled: true` for a second cancel (D-023).
function success(jobId, alreadyCanceled, timestamp) {
  const data = { jobId, status: 'canceled', alreadyCanceled: alreadyCanceled ? true : undefined };
  return { status: 200n, body: { success: true, data, meta: { timestamp } } };
}

/// CancelEndpoint.canonicalUUID: the lowercase form of an 8-4-4-4-12 hexadecimal UUID, or null.
function canonicalUUID(text) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length !== 36) return null;
  let lowered = '';
  for (let index = 0; index < 36; index += 1) {
    const byte = bytes[index];
    if (index === 8 || index === 13 || index === 18 || index === 23) {
      if (byte !== 0x2d) return null; // -
      lowered += '-';
    } else if ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)) {
      lowered += String.fromCharCode(byte);
    } else if (byte >= 0x41 && byte <= 0x46) {
      lowered += String.fromCharCode(byte + 32);
    } else {
      return null;
    }
  }
  return lowered;
}

/// CancelEndpoint.parseJobId: the request's job ID as a lowercase UUID, or {problem} saying why not.
/// Members other than `jobId` are ignored, as production ignores them (D-024).
function parseJobId(document) {
  if (kindOf(document) !== 'object') return { problem: `the body must be a JSON object with a jobId, not ${kindOf(document)}` };
  const value = Object.prototype.hasOwnProperty.call(document, 'jobId') ? document.jobId : null;
  if (value === null) return { problem: 'jobId required' }; // production's words
  if (typeof value !== 'string') return { problem: `jobId must be a string, got ${kindOf(value)}` };
  const uuid = canonicalUUID(value);
  if (uuid === null) return { problem: `jobId must be a UUID like 550e8400-e29b-41d4-a716-446655440000, got "${scalarPrefix(value, 64)}"` };
  return { jobId: uuid };
}

/// CancelEndpoint.handle: a request {method, path, body: Buffer, authorization: string|null} against
/// the registry at `now` → {status: BigInt, body: JSON value}. The checks, in order: the method (405),
/// the size (413), strict JSON (400 INVALID_JSON with the byte offset), the request (400
/// INVALID_REQUEST), the token (404, as for no job), then the job's state (200, or 404 for a job that
/// is unknown, completed or failed). The path is not looked at.
function handleCancel(request, jobs, now) {
  if (request.method !== 'POST') {
    return failure(405, 'METHOD_NOT_ALLOWED', `Use POST to cancel a job, not ${scalarPrefix(request.method, 16)}`);
  }
  if (request.body.length > REQUEST_BYTES_MAX) {
    return failure(413, 'PAYLOAD_TOO_LARGE', `Request body of ${request.body.length} bytes exceeds the ${REQUEST_BYTES_MAX}-byte limit`);
  }
  let document;
  try {
    document = parseBytes(request.body);
  } catch (error) {
    if (!(error instanceof JSONBytesError)) throw error;
    return {
      status: 400n,
      body: errorBody('INVALID_JSON', `Request body is not valid JSON: ${error.message}`, { offset: BigInt(error.offset) }),
    };
  }
  const parsed = parseJobId(document);
  if (parsed.problem !== undefined) return failure(400, 'INVALID_REQUEST', `Invalid request: ${parsed.problem}`);
  const { jobId } = parsed;
  if (!jobs.authorizes(jobId, request.authorization)) return failure(404, 'JOB_NOT_FOUND', JOB_NOT_FOUND_MESSAGE);
  // The answer names the job by the ID text it was started with (D-024).
  const job = jobs.job(jobId);
  const name = job === undefined ? jobId : job.jobId;
  // A success writes `now` as ISO 8601; the model traps (preconditionFailure) when it cannot. This
  // port refuses before the job changes, so the adapter answers an error instead.
  const willSucceed = job !== undefined && (job.status === 'running' || job.status === 'canceled');
  const timestamp = formatISO8601(now);
  if (willSucceed && timestamp === null) {
    throw new Error(`the backend's time ${now} ms cannot be written as an ISO-8601 timestamp (years 0000 to 9999); the model traps here`);
  }
  switch (jobs.cancel(jobId, now)) {
    case 'canceled': return success(name, false, timestamp);
    case 'alreadyCanceled': return success(name, true, timestamp);
    default: return failure(404, 'JOB_NOT_FOUND', JOB_NOT_FOUND_MESSAGE); // notActive, or no such job
  }
}

// MARK: - The backend (ModelEnrichmentJobBackend)

class ModelEnrichmentJobBackend {
  constructor() {
    this.registry = new BackendJobRegistry();
    /// How many of each job's messages were taken, by registry key.
    this.delivered = new Map();
  }

  clone() {
    const copy = new ModelEnrichmentJobBackend();
    copy.registry = this.registry.clone();
    copy.delivered = new Map(this.delivered);
    return copy;
  }

  startJob(jobId, token, books, now) {
    this.registry.startJob(jobId, books, now, token);
  }

  handleCancelRequest(request, now) {
    return handleCancel(request, this.registry, now);
  }

  /// The book the next turn of this job would ask the provider about, or undefined (no such job, or a
  /// turn that processes no book). AdapterServer finds this by running the turn on a copy of the
  /// backend with a provider that records what it is asked; EnrichmentJob.nextTurn gives the same
  /// answer without the copy.
  bookAskedByNextTurn(jobId) {
    const job = this.registry.job(jobId);
    if (job === undefined || job.nextTurn() !== 'processed') return undefined;
    return job.books[job.processedCount];
  }

  runLoopTurn(jobId, now, provider) {
    this.registry.loopStep(jobId, now, provider);
  }

  failJob(jobId, now, code, message) {
    this.registry.fail(jobId, now, code, message);
  }

  /// The job's broadcasts since the last call; [] for an unknown job.
  takeBroadcasts(jobId) {
    const job = this.registry.job(jobId);
    if (job === undefined) return [];
    const key = registryKey(jobId);
    const from = this.delivered.get(key) ?? 0;
    this.delivered.set(key, job.outbox.length);
    return job.outbox.slice(from);
  }
}

// MARK: - The wire (ProcessJobBackend.swift; AdapterServer.swift's `.backend` case)

const UINT64_MAX = (1n << 64n) - 1n;

/// Swift's `UInt64(String)`: an optional sign, then one or more ASCII digits, in 0...UInt64.max; a "-"
/// is accepted only before zero ("-0" is 0).
function parseUInt64(text) {
  const match = /^([+-]?)([0-9]+)$/.exec(text);
  if (match === null) return null;
  const value = BigInt(match[2]);
  if (value > UINT64_MAX || (match[1] === '-' && value !== 0n)) return null;
  return value;
}

/// ProcessJobBackend.decodeBook.
function readBook(field) {
  const identifier = field.field('workRawIdentifier');
  const workRawIdentifier = parseUInt64(identifier.string());
  if (workRawIdentifier === null) throw identifier.invalid('expected a decimal string of an unsigned 64-bit integer');
  return {
    workRawIdentifier,
    title: field.field('title').string(),
    author: field.optional('author', (f) => f.string()) ?? null,
    isbn: field.optional('isbn', (f) => f.string()) ?? null,
  };
}

/// ProcessJobBackend.encode(JobBook).
function writeBook(book) {
  return { workRawIdentifier: book.workRawIdentifier.toString(), title: book.title, author: book.author, isbn: book.isbn };
}

/// ProcessJobBackend.decodeOutcome.
function readOutcome(field) {
  const kind = field.field('kind').string();
  switch (kind) {
    case 'enriched': return { kind };
    case 'notFound': return { kind };
    case 'failed': return { kind, reason: field.field('reason').string() };
    default: throw field.field('kind').invalid(`"${kind}" is not an outcome; expected enriched, notFound or failed`);
  }
}

/// AdapterServer's Base64.decode: padded standard base64 (the alphabet A-Z a-z 0-9 + /, a length that
/// is a multiple of 4, "=" only in the last two places), or null. Like the model, the unused bits of a
/// padded group are not checked.
function decodeBase64(text) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}

class EnrichmentJobBackendInstance {
  constructor(backend = new ModelEnrichmentJobBackend()) {
    this.backend = backend;
  }

  clone() {
    return new EnrichmentJobBackendInstance(this.backend.clone());
  }

  /// Each method reads its whole input (in the Swift program's order) before the backend acts.
  call(methodField, now, input) {
    const backend = this.backend;
    switch (methodField.string()) {
      case 'startJob': {
        const token = input.optional('token', (f) => f.string()) ?? null;
        const books = input.field('books').elements().map(readBook);
        backend.startJob(input.field('jobId').string(), token, books, now());
        return null;
      }
      case 'handleCancelRequest': {
        // The body is `base64`; `text` (there when the body is UTF-8) is a convenience this port does
        // not need, as the Swift program side does not.
        const base64 = input.field('base64');
        const body = decodeBase64(base64.string());
        if (body === null) throw base64.invalid('not padded standard base64');
        const request = {
          method: input.field('method').string(),
          path: input.field('path').string(),
          body,
          authorization: input.optional('authorization', (f) => f.string()) ?? null,
        };
        const response = backend.handleCancelRequest(request, now());
        return { status: response.status, body: response.body };
      }
      case 'runLoopTurn': {
        // Two phases, so the runner asks its provider only about the book the loop would enrich: without
        // `outcome`, a turn that would enrich a book changes nothing and answers needsOutcome; any other
        // turn (a canceled job's final `complete`, a finished or unknown job) runs and answers done.
        // With `outcome`, the turn runs with that outcome for its book.
        const jobId = input.field('jobId').string();
        const at = now();
        const outcomeField = input.optionalField('outcome');
        if (outcomeField !== undefined) {
          const outcome = readOutcome(outcomeField);
          backend.runLoopTurn(jobId, at, () => outcome);
          return { kind: 'done' };
        }
        const asked = backend.bookAskedByNextTurn(jobId);
        if (asked !== undefined) return { kind: 'needsOutcome', book: writeBook(asked) };
        backend.runLoopTurn(jobId, at, () => {
          throw new Error('a turn that processes no book asked the provider'); // never: nextTurn said so
        });
        return { kind: 'done' };
      }
      case 'failJob':
        backend.failJob(input.field('jobId').string(), now(), input.field('code').string(), input.field('message').string());
        return null;
      case 'takeBroadcasts':
        return backend.takeBroadcasts(input.field('jobId').string());
      default:
        throw methodField.invalid('a job backend has startJob, handleCancelRequest, runLoopTurn, failJob and takeBroadcasts');
    }
  }
}

module.exports = {
  registryKey, constantTimeEqual, EnrichmentJob, BackendJobRegistry, formatISO8601, canonicalUUID, handleCancel,
  ModelEnrichmentJobBackend, EnrichmentJobBackendInstance, CANCEL_PATH, REQUEST_BYTES_MAX,
};
