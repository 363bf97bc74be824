'use strict';
// Plain-Node tests of the backend modules (run: node backend/test.js).
// Where the seeds give a test sketch, the test follows it; where this
// implementation decided otherwise (NOTES.md), the test pins the decision.

const assert = require('assert');
const { spawnSync } = require('child_process');
const path = require('path');

const { parse, stringify, JFloat } = require('./wire');
const { cutUtf8, utf8Length, INT64_MAX, INT64_MIN } = require('./text');
const { ProgressThrottle } = require('./throttle');
const { encodeMessage, pongFor } = require('./messages');
const { errorPayloadText } = require('./errors');
const { enrichmentStatus, csvImportStatus, aiScanStatus } = require('./status');
const { EnrichmentJobBackend, isoTimestamp } = require('./jobs');

let passed = 0;
const failures = [];
function test(name, fn) {
  try {
    fn();
    passed++;
  } catch (e) {
    failures.push(name);
    console.error(`FAIL ${name}\n  ${e && e.stack ? e.stack.split('\n').slice(0, 4).join('\n  ') : e}`);
  }
}

const T0 = 1762732800000n;
const upd = (processedCount, totalCount = 1000n, extra = {}) => ({
  processedCount: BigInt(processedCount), totalCount: BigInt(totalCount), keepAlive: false, ...extra,
});

// ---------------------------------------------------------------- wire
test('wire: Int64 extremes round-trip exactly', () => {
  const line = '{"a":-9223372036854775808,"b":9223372036854775807,"c":0.5,"d":1e400,"e":[true,null,"x"]}';
  const v = parse(line);
  assert.strictEqual(v.a, INT64_MIN);
  assert.strictEqual(v.b, INT64_MAX);
  assert.ok(v.c instanceof JFloat);
  assert.strictEqual(stringify(v), line);
});
test('wire: duplicate keys are refused, __proto__ is plain data', () => {
  assert.throws(() => parse('{"a":1,"a":2}'));
  const v = parse('{"__proto__":{"x":1}}');
  assert.strictEqual(Object.keys(v)[0], '__proto__');
  assert.strictEqual(v.__proto__.x, 1n);
});
test('wire: strings with escapes and astral characters', () => {
  const v = parse('"a\\u00e9\\ud83d\\ude00\\n\\"\u{1F4DA}"');
  assert.strictEqual(v, 'a\u00e9\u{1F600}\n"\u{1F4DA}');
  assert.throws(() => parse('"a\u0001"'));
  assert.throws(() => parse('{"a":1} x'));
});

// ---------------------------------------------------------------- text
test('cutUtf8 cuts at a scalar boundary within 4096 bytes', () => {
  assert.strictEqual(cutUtf8('abc'), 'abc');
  const e = '\u00e9'.repeat(3000); // 6000 bytes
  assert.strictEqual(utf8Length(cutUtf8(e)), 4096);
  const emoji = 'a' + '\u{1F600}'.repeat(1024); // 4097 bytes
  const cut = cutUtf8(emoji);
  assert.strictEqual(utf8Length(cut), 4093);
  assert.strictEqual([...cut].length, 1024);
});

// ---------------------------------------------------------------- throttle
// Seed 003 "Message Throttling" sketches, on virtual time.
test('throttle: sends first update immediately', () => {
  const t = new ProgressThrottle();
  assert.deepStrictEqual(t.offer(upd(1), T0), { kind: 'sent', reason: 'first' });
});
test('throttle: throttles rapid updates (only the first is sent at once)', () => {
  const t = new ProgressThrottle();
  const kinds = [];
  for (let i = 1; i <= 10; i++) kinds.push(t.offer(upd(i), T0 + BigInt(i)).kind);
  assert.deepStrictEqual(kinds, ['sent', 'held', 'held', 'held', 'held', 'held', 'held', 'held', 'held', 'held']);
  assert.strictEqual(t.deadline(), T0 + 1n + 500n);
  const f = t.fire(T0 + 501n);
  assert.strictEqual(f.kind, 'flushed');
  assert.strictEqual(f.update.processedCount, 10n); // latest wins, nothing lost
});
test('throttle: milestones are never lost, but wait for the interval (seed test 1,24,25,26 adapted)', () => {
  const t = new ProgressThrottle();
  assert.strictEqual(t.offer(upd(1, 100), T0).kind, 'sent');
  assert.strictEqual(t.offer(upd(24, 100), T0 + 10n).kind, 'held');
  assert.strictEqual(t.offer(upd(25, 100), T0 + 20n).kind, 'held'); // 25 %: rate still wins
  assert.strictEqual(t.offer(upd(26, 100), T0 + 30n).kind, 'held');
  assert.deepStrictEqual(t.fire(T0 + 499n), { kind: 'nothingDue' });
  const f = t.fire(T0 + 500n);
  assert.strictEqual(f.kind, 'flushed');
  assert.ok(f.update.processedCount >= 25n, 'the 25 % crossing is reported');
});
test('throttle: a milestone after the interval is labelled milestone', () => {
  const t = new ProgressThrottle();
  t.offer(upd(1, 100), T0);
  assert.deepStrictEqual(t.offer(upd(10, 100), T0 + 600n), { kind: 'sent', reason: 'interval' });
  assert.deepStrictEqual(t.offer(upd(27, 100), T0 + 1200n), { kind: 'sent', reason: 'milestone' });
  assert.deepStrictEqual(t.offer(upd(40, 100), T0 + 1800n), { kind: 'sent', reason: 'interval' });
  assert.deepStrictEqual(t.offer(upd(100, 100), T0 + 2400n), { kind: 'sent', reason: 'milestone' });
});
test('throttle: flushes pending update on completion (deferred to keep the rate)', () => {
  const t = new ProgressThrottle();
  t.offer(upd(1), T0);
  t.offer(upd(2), T0 + 10n);
  assert.deepStrictEqual(t.finish(T0 + 20n), { kind: 'deferred', until: T0 + 500n });
  assert.deepStrictEqual(t.offer(upd(3), T0 + 30n), { kind: 'afterFinish' });
  assert.strictEqual(t.deadline(), T0 + 500n);
  const f = t.fire(T0 + 500n);
  assert.strictEqual(f.kind, 'finished');
  assert.strictEqual(f.flushed.processedCount, 2n);
  assert.strictEqual(t.deadline(), null);
  assert.deepStrictEqual(t.finish(T0 + 600n), { kind: 'alreadyFinished' });
  assert.deepStrictEqual(t.fire(T0 + 99999n), { kind: 'nothingDue' });
});
test('throttle: finish with nothing held, or once the interval passed, is immediate', () => {
  const a = new ProgressThrottle();
  a.offer(upd(1), T0);
  assert.deepStrictEqual(a.finish(T0 + 1n), { kind: 'now' });
  const b = new ProgressThrottle();
  b.offer(upd(1), T0);
  b.offer(upd(2), T0 + 1n);
  const r = b.finish(T0 + 700n);
  assert.strictEqual(r.kind, 'now');
  assert.strictEqual(r.flushed.processedCount, 2n);
});
test('throttle: keep-alive after 10 s of silence', () => {
  const t = new ProgressThrottle();
  t.offer(upd(5, 10, { currentTitle: 'Dune' }), T0);
  assert.strictEqual(t.deadline(), T0 + 10000n);
  assert.deepStrictEqual(t.fire(T0 + 9999n), { kind: 'nothingDue' });
  const k = t.fire(T0 + 10000n);
  assert.deepStrictEqual(k, { kind: 'keptAlive', update: { processedCount: 5n, totalCount: 10n, currentTitle: 'Dune', keepAlive: true } });
  assert.strictEqual(t.deadline(), T0 + 20000n);
  assert.deepStrictEqual(t.offer(upd(6, 10), T0 + 20000n + 1n), { kind: 'sent', reason: 'keepAlive' });
});
test('throttle: stale updates are refused', () => {
  const t = new ProgressThrottle();
  t.offer(upd(10), T0);
  assert.deepStrictEqual(t.offer(upd(9), T0 + 1000n), { kind: 'stale' });
  assert.deepStrictEqual(t.offer(upd(10), T0 + 1000n), { kind: 'sent', reason: 'interval' });
});
test('throttle: clone evolves apart', () => {
  const t = new ProgressThrottle();
  t.offer(upd(1), T0);
  t.offer(upd(2), T0 + 1n);
  const c = t.clone();
  c.fire(T0 + 500n);
  assert.strictEqual(t.pending.processedCount, 2n);
  assert.strictEqual(c.pending, null);
});
test('throttle: Int64 edges saturate', () => {
  const t = new ProgressThrottle();
  t.offer(upd(1), INT64_MAX - 100n);
  t.offer(upd(2), INT64_MAX - 50n);
  assert.strictEqual(t.deadline(), INT64_MAX);
  assert.strictEqual(t.fire(INT64_MAX).kind, 'flushed');
  const u = new ProgressThrottle();
  assert.strictEqual(u.offer(upd(1), INT64_MIN).kind, 'sent');
  assert.strictEqual(u.offer(upd(2), INT64_MIN + 1n).kind, 'held');
});
test('throttle: 1,000 updates over 20 s: at most 2 per second, ~40 sent, final count sent', () => {
  const t = new ProgressThrottle();
  const sends = [];
  let now = T0;
  const step = 20n;
  const due = (limit) => {
    for (let d = t.deadline(); d !== null && d <= limit; d = t.deadline()) {
      const f = t.fire(d);
      if (f.kind === 'flushed' || f.kind === 'keptAlive') sends.push([d, f.update.processedCount]);
      else if (f.kind === 'finished') { if (f.flushed) sends.push([d, f.flushed.processedCount]); break; }
      else break;
    }
  };
  for (let i = 1; i <= 1000; i++) {
    due(now);
    const r = t.offer(upd(i, 1000), now);
    if (r.kind === 'sent') sends.push([now, BigInt(i)]);
    now += step;
  }
  const fin = t.finish(now);
  if (fin.kind === 'now' && fin.flushed) sends.push([now, fin.flushed.processedCount]);
  if (fin.kind === 'deferred') due(fin.until);
  for (let k = 1; k < sends.length; k++) assert.ok(sends[k][0] - sends[k - 1][0] >= 500n, 'spacing >= 500 ms');
  assert.ok(sends.length >= 38 && sends.length <= 42, `sent ${sends.length}`);
  assert.strictEqual(sends[sends.length - 1][1], 1000n);
});

// ---------------------------------------------------------------- encoding
test('encode: the protocol document example, exactly', () => {
  const msg = parse('{"jobId":"job-1","payload":{"processedCount":5,"totalCount":10},"pipeline":"batch_enrichment","timestamp":1762732800000,"type":"job_progress","version":"1.0.0"}');
  assert.strictEqual(encodeMessage(msg), '{"jobId":"job-1","payload":{"processedCount":5,"totalCount":10},"pipeline":"batch_enrichment","timestamp":1762732800000,"type":"job_progress","version":"1.0.0"}');
});
test('encode: timestamps stay Int64 milliseconds; long texts cut to 4096 bytes', () => {
  const title = '\u{1F4DA}'.repeat(2000);
  const msg = { type: 'job_progress', jobId: 'j', pipeline: 'csv_import', timestamp: INT64_MIN, version: '1.0.0', payload: { processedCount: 1n, totalCount: 2n, currentTitle: title, userMessage: 'ok' } };
  const text = encodeMessage(msg);
  assert.ok(text.includes('"timestamp":-9223372036854775808'));
  const back = parse(text);
  assert.strictEqual(utf8Length(back.payload.currentTitle), 4096);
  assert.strictEqual(back.payload.userMessage, 'ok');
  const canceled = parse(encodeMessage({ type: 'canceled', jobId: 'j', pipeline: 'batch_enrichment', timestamp: 1n, version: '1.0.0', payload: { message: 'x'.repeat(5000), processedItems: 5n, totalItems: 50n } }));
  assert.strictEqual(canceled.payload.message.length, 4096);
});
test('pong echoes clientTime (seed: responds to ping with pong)', () => {
  const ping = parse('{"type":"ping","jobId":"test-123","pipeline":"csv_import","timestamp":1,"version":"1.0.0","payload":{"clientTime":1762732830000}}');
  const pong = pongFor(ping, 'test-123', 1762732830005n);
  assert.ok(encodeMessage(pong).includes('"type":"pong"'));
  assert.strictEqual(pong.payload.clientTime, 1762732830000n);
  assert.strictEqual(pong.pipeline, 'csv_import');
  assert.strictEqual(pongFor({ type: 'sync_request' }, 'x', 1n), null);
});

// ---------------------------------------------------------------- structured errors
test('errors: the protocol document example, exactly', () => {
  const f = parse('{"failedTitles":["1984"],"kind":"enrichmentFailed","reason":"API timeout","successCount":45}');
  assert.strictEqual(errorPayloadText(f), '{"affectedItems":["1984"],"code":"E_ENRICHMENT_FAILED","details":{"failureCount":1,"provider":"Multiple","successCount":45},"message":"Batch enrichment failed: API timeout","retryable":true,"userMessage":"Something went wrong during enrichment. Please try again."}');
});
test('errors: at most 10 affected items, full failure count, every code with E_', () => {
  const titles = Array.from({ length: 15 }, (_, i) => `Book ${i}`);
  const p = JSON.parse(errorPayloadText({ kind: 'enrichmentFailed', reason: 'x', failedTitles: titles, successCount: 0n }));
  assert.strictEqual(p.affectedItems.length, 10);
  assert.strictEqual(p.details.failureCount, 15);
  const kinds = [
    { kind: 'csvImportFailed', code: null, reason: 'bad', fileName: 'a.csv', fileSize: 10n },
    { kind: 'noBooksDetected', imageSize: 5n },
    { kind: 'aiScanFailed', reason: 'x', imageSize: 5n },
    { kind: 'invalidMessage', reason: 'x' },
    { kind: 'unauthorized' },
    { kind: 'jobNotFound' },
    { kind: 'providerTimeout', provider: 'Google Books' },
    { kind: 'providerUnavailable', provider: 'Google Books', statusCode: 503n },
    { kind: 'internalError', reason: 'x' },
  ];
  for (const f of kinds) {
    const q = JSON.parse(errorPayloadText(f));
    assert.ok(/^E_[A-Z0-9_]+$/.test(q.code), q.code);
    assert.deepStrictEqual(Object.keys(q).sort(), ['affectedItems', 'code', 'details', 'message', 'retryable', 'userMessage']);
    assert.strictEqual(typeof q.retryable, 'boolean');
    assert.ok(!('stack' in q.details));
  }
});
test('errors: CSV codes and retry guidance follow the seed', () => {
  const p = (code) => JSON.parse(errorPayloadText({ kind: 'csvImportFailed', code, reason: 'r', fileName: 'f.csv', fileSize: 9n }));
  assert.strictEqual(p(null).code, 'E_CSV_PARSE_FAILED');
  assert.strictEqual(p(null).retryable, true);
  assert.strictEqual(p('E_INVALID_CSV_FORMAT').retryable, false);
  assert.strictEqual(p('E_GEMINI_TIMEOUT').userMessage, 'AI parsing took too long. Try a smaller file.');
  assert.deepStrictEqual(p(null).details, { fileName: 'f.csv', fileSize: 9, provider: 'Gemini 2.0 Flash' });
  const ai = JSON.parse(errorPayloadText({ kind: 'aiScanFailed', reason: 'Request Timeout', imageSize: 1n }));
  assert.strictEqual(ai.code, 'E_GEMINI_TIMEOUT');
  const un = JSON.parse(errorPayloadText({ kind: 'providerUnavailable', provider: 'OpenLibrary', statusCode: null }));
  assert.ok(!('statusCode' in un.details));
});
test('errors: Int64 facts written exactly', () => {
  const t = errorPayloadText({ kind: 'noBooksDetected', imageSize: INT64_MAX });
  assert.ok(t.includes('"imageSize":9223372036854775807'));
});

// ---------------------------------------------------------------- status messages
test('status: formats enrichment progress (seed sketch)', () => {
  const s = enrichmentStatus({ processed: 5n, total: 10n, currentTitle: 'The Great Gatsby', hasError: false, jobStartedAt: T0 }, T0 + 10000n);
  assert.ok(s.userMessage.includes('Finding details'));
  assert.ok(s.userMessage.includes('5 of 10'));
  assert.strictEqual(s.userMessage, 'Finding details for The Great Gatsby... 5 of 10 books complete');
  assert.strictEqual(s.technicalMessage, 'Enriching (5/10): The Great Gatsby');
  assert.strictEqual(s.percentage, 50n);
  assert.strictEqual(s.remaining, 5n);
  assert.strictEqual(s.estimatedSecondsRemaining, 10n);
});
test('status: formats error messages (seed sketch)', () => {
  const s = enrichmentStatus({ processed: 5n, total: 10n, currentTitle: 'Bad Title', hasError: true, jobStartedAt: T0 }, T0);
  assert.ok(s.userMessage.includes('\u26A0\uFE0F'));
  assert.ok(s.userMessage.includes("Couldn't find"));
  assert.strictEqual(s.technicalMessage, 'Enrichment failed (5/10): Bad Title');
});
test('status: 29 of 100 is 29 %, exact integers', () => {
  for (let p = 0n; p <= 100n; p++) {
    const s = enrichmentStatus({ processed: p, total: 100n, currentTitle: 't', hasError: false, jobStartedAt: T0 }, T0);
    assert.strictEqual(s.percentage, p);
  }
  const big = enrichmentStatus({ processed: INT64_MAX - 1n, total: INT64_MAX, currentTitle: 't', hasError: false, jobStartedAt: T0 }, T0);
  assert.strictEqual(big.percentage, 99n);
});
test('status: estimate is null before the first book, 0 when done', () => {
  const a = enrichmentStatus({ processed: 0n, total: 10n, currentTitle: 't', hasError: false, jobStartedAt: T0 }, T0 + 5n);
  assert.strictEqual(a.estimatedSecondsRemaining, null);
  const b = enrichmentStatus({ processed: 10n, total: 10n, currentTitle: 't', hasError: false, jobStartedAt: T0 }, T0 + 5n);
  assert.strictEqual(b.estimatedSecondsRemaining, 0n);
  assert.strictEqual(b.percentage, 100n);
  const c = enrichmentStatus({ processed: 1n, total: INT64_MAX, currentTitle: 't', hasError: false, jobStartedAt: INT64_MIN }, INT64_MAX);
  assert.strictEqual(c.estimatedSecondsRemaining, INT64_MAX);
});
test('status: a huge title keeps the message within 4096 bytes', () => {
  const s = enrichmentStatus({ processed: 1n, total: 2n, currentTitle: 'x'.repeat(100000), hasError: false, jobStartedAt: T0 }, T0);
  assert.ok(utf8Length(s.userMessage) <= 4096);
  assert.ok(s.userMessage.endsWith('\u2026... 1 of 2 books complete'));
});
test('status: CSV import messages (protocol example) and awkward fractions', () => {
  assert.deepStrictEqual(csvImportStatus({ fraction: new JFloat('0.5'), phase: 'parsing' }), {
    userMessage: '\u{1F4C4} Reading your library export... 50% complete', technicalMessage: 'CSV parsing (50%)', percentage: 50n, phase: 'parsing',
  });
  const pct = (f) => csvImportStatus({ fraction: f, phase: 'saving' }).percentage;
  assert.strictEqual(pct(new JFloat('0.29')), 29n);
  assert.strictEqual(pct(new JFloat('0.57')), 57n);
  assert.strictEqual(pct(new JFloat('0.999')), 99n);
  assert.strictEqual(pct(new JFloat('1e-7')), 0n);
  assert.strictEqual(pct(1n), 100n);
  assert.strictEqual(pct('NaN'), 0n);
  assert.strictEqual(pct('Infinity'), 100n);
  assert.strictEqual(pct('-Infinity'), 0n);
  assert.strictEqual(pct(new JFloat('-0.5')), 0n);
  assert.strictEqual(pct(new JFloat('2.5')), 100n);
  assert.strictEqual(csvImportStatus({ fraction: new JFloat('0.1'), phase: 'validating' }).userMessage, '\u2705 Validating book data... 10% complete');
  assert.strictEqual(csvImportStatus({ fraction: new JFloat('0.1'), phase: 'saving' }).userMessage, '\u{1F4BE} Adding books to your library... 10% complete');
});
test('status: AI scan messages', () => {
  assert.deepStrictEqual(aiScanStatus({ phase: 'analyzing' }), { userMessage: '\u{1F50D} Analyzing bookshelf with AI...', technicalMessage: 'AI scan: analyzing', phase: 'analyzing' });
  assert.strictEqual(aiScanStatus({ phase: 'complete' }).userMessage, '\u2705 Scan complete!');
});

// ---------------------------------------------------------------- enrichment job backend
const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
const cancelReq = (body, authorization = null, extra = {}) => ({ method: 'POST', path: '/api/enrichment/cancel', base64: b64(body), authorization, ...extra });
const books = (n) => Array.from({ length: n }, (_, i) => ({ workRawIdentifier: String(i + 1), title: `Book ${i + 1}`, author: null, isbn: null }));

test('job: runs to completion, one book per turn, duration in milliseconds', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('job-1', null, books(2), 1000n);
  const t1 = be.runLoopTurn('job-1', undefined, 1100n);
  assert.strictEqual(t1.kind, 'needsOutcome');
  assert.strictEqual(t1.book.title, 'Book 1');
  assert.deepStrictEqual(be.takeBroadcasts('job-1'), []); // asking changes nothing
  assert.deepStrictEqual(be.runLoopTurn('job-1', { kind: 'enriched' }, 1200n), { kind: 'done' });
  assert.strictEqual(be.runLoopTurn('job-1', undefined, 1300n).book.title, 'Book 2');
  be.runLoopTurn('job-1', { kind: 'failed', reason: 'timeout' }, 3500n);
  const msgs = be.takeBroadcasts('job-1');
  assert.deepStrictEqual(msgs.map((m) => m.type), ['progress', 'progress', 'complete']);
  assert.deepStrictEqual(msgs[2], { type: 'complete', jobId: 'job-1', timestamp: 3500n, canceled: false, processedItems: 2n, totalItems: 2n, successCount: 1n, failureCount: 1n, durationMilliseconds: 2500n });
  assert.deepStrictEqual(be.runLoopTurn('job-1', undefined, 4000n), { kind: 'done' });
  assert.deepStrictEqual(be.takeBroadcasts('job-1'), []);
});
test('cancel: POST /api/enrichment/cancel cancels, broadcasts canceled once, loop ends with complete(canceled)', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('550e8400-e29b-41d4-a716-446655440000', 'tok', books(50), 0n);
  for (let i = 0; i < 5; i++) be.runLoopTurn('550e8400-e29b-41d4-a716-446655440000', { kind: 'enriched' }, BigInt(i));
  be.takeBroadcasts('550e8400-e29b-41d4-a716-446655440000');
  const r = be.handleCancelRequest(cancelReq('{"jobId":"550e8400-e29b-41d4-a716-446655440000"}', 'Bearer tok'), 1698764400000n);
  assert.strictEqual(r.status, 200n);
  assert.deepStrictEqual(r.body, { success: true, data: { jobId: '550e8400-e29b-41d4-a716-446655440000', status: 'canceled' }, meta: { timestamp: '2023-10-31T15:00:00.000Z' } });
  assert.deepStrictEqual(be.takeBroadcasts('550e8400-e29b-41d4-a716-446655440000'), [
    { type: 'canceled', jobId: '550e8400-e29b-41d4-a716-446655440000', timestamp: 1698764400000n, message: 'Job canceled by user', processedItems: 5n, totalItems: 50n },
  ]);
  // Again: idempotent, no second broadcast.
  assert.strictEqual(be.handleCancelRequest(cancelReq('{"jobId":"550e8400-e29b-41d4-a716-446655440000"}', 'tok'), 1698764400001n).status, 200n);
  assert.deepStrictEqual(be.takeBroadcasts('550e8400-e29b-41d4-a716-446655440000'), []);
  // The loop asks the provider about no more books: the turn is the final complete.
  assert.deepStrictEqual(be.runLoopTurn('550e8400-e29b-41d4-a716-446655440000', undefined, 1698764400100n), { kind: 'done' });
  const fin = be.takeBroadcasts('550e8400-e29b-41d4-a716-446655440000');
  assert.strictEqual(fin.length, 1);
  assert.strictEqual(fin[0].type, 'complete');
  assert.strictEqual(fin[0].canceled, true);
  assert.strictEqual(fin[0].processedItems, 5n);
  assert.strictEqual(fin[0].durationMilliseconds, 1698764400100n);
});
test('cancel: refusals', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('job-1', 'tok', books(3), 0n);
  const st = (req) => be.handleCancelRequest(req, 10n).status;
  assert.strictEqual(st(cancelReq('{"jobId":"job-1"}', null)), 401n);
  assert.strictEqual(st(cancelReq('{"jobId":"job-1"}', 'Bearer nope')), 401n);
  assert.strictEqual(st(cancelReq('{"jobId":"job-9"}', 'Bearer tok')), 404n);
  assert.deepStrictEqual(be.handleCancelRequest(cancelReq('{"jobId":"job-9"}'), 10n).body, { success: false, error: { code: 'JOB_NOT_FOUND', message: 'No active job found with this ID' } });
  assert.strictEqual(st(cancelReq('{"jobId":"job-1"}', 'Bearer tok', { method: 'GET' })), 405n);
  assert.strictEqual(st(cancelReq('{"jobId":"job-1"}', 'Bearer tok', { path: '/api/enrichment/cancelx' })), 404n);
  assert.strictEqual(st(cancelReq('not json', 'Bearer tok')), 400n);
  assert.strictEqual(st(cancelReq('[]', 'Bearer tok')), 400n);
  assert.strictEqual(st(cancelReq('{}', 'Bearer tok')), 400n);
  assert.strictEqual(st(cancelReq('{"jobId":42}', 'Bearer tok')), 400n);
  assert.strictEqual(st(cancelReq('{"jobId":""}', 'Bearer tok')), 400n);
  assert.strictEqual(st(cancelReq('{"jobId":"job-1","jobId":"job-2"}', 'Bearer tok')), 400n);
  assert.strictEqual(st({ ...cancelReq('', 'Bearer tok'), base64: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64') }), 400n);
  assert.strictEqual(st(cancelReq(`{"jobId":"job-1","pad":"${'x'.repeat(70000)}"}`, 'Bearer tok')), 413n);
  assert.strictEqual(st(cancelReq(`{"jobId":"${'a'.repeat(129)}"}`, 'Bearer tok')), 400n);
  assert.deepStrictEqual(be.takeBroadcasts('job-1'), [], 'no refused request canceled the job');
  assert.strictEqual(st(cancelReq('\uFEFF{"jobId":"job-1","extra":[1,2]}', 'Bearer tok')), 200n);
});
test('cancel: body size limit is 64 KiB exactly', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('job-1', null, books(1), 0n);
  const body = (n) => { const head = '{"jobId":"job-1","pad":"'; return head + 'x'.repeat(n - head.length - 2) + '"}'; };
  assert.strictEqual(utf8Length(body(65536)), 65536);
  assert.strictEqual(be.handleCancelRequest(cancelReq(body(65537)), 1n).status, 413n);
  assert.strictEqual(be.handleCancelRequest(cancelReq(body(65539)), 1n).status, 413n);
  assert.strictEqual(be.handleCancelRequest(cancelReq(body(65536)), 1n).status, 200n);
});
test('cancel: a finished job is not active', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('j', null, books(1), 0n);
  be.runLoopTurn('j', { kind: 'notFound' }, 1n);
  assert.strictEqual(be.handleCancelRequest(cancelReq('{"jobId":"j"}'), 2n).status, 404n);
  be.startJob('k', null, [], 0n);
  be.failJob('k', 'E_INTERNAL_ERROR', 'boom', 5n);
  assert.strictEqual(be.handleCancelRequest(cancelReq('{"jobId":"k"}'), 6n).status, 404n);
  assert.deepStrictEqual(be.takeBroadcasts('k'), [{ type: 'error', jobId: 'k', timestamp: 5n, code: 'E_INTERNAL_ERROR', message: 'boom', processedItems: 0n, totalItems: 0n }]);
});
test('job: failure of a canceled job ends it as canceled; unknown jobs are ignored', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('j', null, books(3), 0n);
  be.handleCancelRequest(cancelReq('{"jobId":"j"}'), 1n);
  be.failJob('j', 'E_X', 'aborted', 2n);
  const m = be.takeBroadcasts('j');
  assert.deepStrictEqual(m.map((x) => x.type), ['canceled', 'complete']);
  assert.strictEqual(m[1].canceled, true);
  assert.deepStrictEqual(be.runLoopTurn('nope', undefined, 1n), { kind: 'done' });
  assert.deepStrictEqual(be.takeBroadcasts('nope'), []);
  be.failJob('nope', 'E_X', 'x', 1n);
});
test('job: an empty job completes on its first turn; clone evolves apart', () => {
  const be = new EnrichmentJobBackend();
  be.startJob('e', null, [], 100n);
  const c = be.clone();
  assert.deepStrictEqual(be.runLoopTurn('e', undefined, 150n), { kind: 'done' });
  assert.strictEqual(be.takeBroadcasts('e')[0].durationMilliseconds, 50n);
  assert.deepStrictEqual(c.takeBroadcasts('e'), []);
});
test('isoTimestamp agrees with Date in range and handles Int64 extremes', () => {
  for (const ms of [0n, 1698764400000n, -1n, -62135596800000n, 253402300799999n, 8640000000000000n, -8640000000000000n]) {
    assert.strictEqual(isoTimestamp(ms), new Date(Number(ms)).toISOString());
  }
  assert.strictEqual(isoTimestamp(INT64_MAX), '+292278994-08-17T07:12:55.807Z');
  assert.ok(isoTimestamp(INT64_MIN).startsWith('-292275055-'));
});

// ---------------------------------------------------------------- the adapter process
test('adapter: one well-formed answer per request line', () => {
  const lines = [
    { id: 1, op: 'hello', protocol: 1, seams: ['progress-throttle'] },
    { id: 2, op: 'new', seam: 'progress-throttle', instance: 1 },
    { id: 3, op: 'call', instance: 1, method: 'offer', now: '@MIN', input: { update: { keepAlive: false, processedCount: 1, totalCount: 1500 } } },
    { id: 4, op: 'call', instance: 1, method: 'deadline' },
    { id: 5, op: 'clone', instance: 2, from: 1 },
    { id: 6, op: 'new', seam: 'enrichment-job-backend', instance: 3, release: [1] },
    { id: 7, op: 'call', instance: 3, method: 'takeBroadcasts', input: { jobId: 'x' } },
    { id: 8, op: 'call', instance: 1, method: 'deadline' },
    { id: 9, op: 'hello', protocol: 2, seams: [] },
  ].map((o) => JSON.stringify(o).replace('"@MIN"', '-9223372036854775808'));
  const r = spawnSync(process.execPath, [path.join(__dirname, 'adapter.js')], { input: lines.join('\r\n') + '\n', encoding: 'utf8' });
  assert.strictEqual(r.status, 0);
  const out = r.stdout.trim().split('\n');
  assert.strictEqual(out.length, lines.length);
  out.forEach((l, k) => {
    const a = parse(l);
    assert.strictEqual(a.id, BigInt(k + 1));
    assert.strictEqual(Object.keys(a).length, 2);
    assert.ok(('ok' in a) !== ('error' in a));
  });
  assert.strictEqual(out[3], '{"id":4,"ok":-9223372036854765808}');
  assert.strictEqual(out[6], '{"id":7,"ok":[]}');
  assert.ok('error' in parse(out[7]), 'released instance is gone');
  assert.ok('error' in parse(out[8]), 'another protocol version is refused');
});

console.log(`${passed} passed, ${failures.length} failed`);
if (failures.length) process.exit(1);
