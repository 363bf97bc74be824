#!/usr/bin/env node
'use strict';
// A quick check of the adapter without the Swift runner: request lines through `answer`, compared with
// the answers the model gives (taken from the kit's examples: StatusMessageSuite, StructuredErrorSuite,
// ProgressThrottleSuite, ProgressMessageEncodingSuite, CancelEndpointSuite, EnrichmentJobLoopSuite). `node selfcheck.js` prints each mismatch and
// exits 1 if there is one. The real verdict is `adapterrun` (see README.md).

const { answer } = require('./adapter');

const INT_MAX = '9223372036854775807';
const INT_MIN = '-9223372036854775808';
const START = 1698764400000;

let id = 0;
let failures = 0;

/// Sends `request` (an object literal's JSON text without the id) and compares the `ok` value.
function expect(request, ok, what) {
  id += 1;
  const line = `{"id":${id},${request}}`;
  const got = answer(line);
  const want = `{"id":${id},"ok":${ok}}`;
  if (got !== want) {
    failures += 1;
    console.log(`✗ ${what}\n  sent ${line}\n  want ${want}\n  got  ${got}`);
  }
}

function expectError(request, what) {
  id += 1;
  const got = answer(`{"id":${id},${request}}`);
  if (!got.startsWith(`{"id":${id},"error":`)) {
    failures += 1;
    console.log(`✗ ${what}: expected an error, got ${got}`);
  }
}

const status = (method, input, now) => `"op":"call","instance":3,"method":"${method}"${now === undefined ? '' : `,"now":${now}`},"input":${input}`;
const enrichment = (processed, total, title, hasError, start, now) =>
  status('enrichmentStatus', `{"processed":${processed},"total":${total},"currentTitle":${JSON.stringify(title)},"hasError":${hasError},"jobStartedAt":${start}}`, now);
const found = (p, t, title, percentage, remaining, estimate) => JSON.stringify({
  estimatedSecondsRemaining: estimate, percentage, remaining,
  technicalMessage: `Enriching (${p}/${t}): ${title}`, userMessage: `Finding details for ${title}... ${p} of ${t} books complete`,
}).replace(/"(-?\d+)n"/g, '$1');

// The handshake and instances.
expect('"op":"hello","protocol":1,"seams":["status-messages"]',
  '{"name":"the model, ported to JavaScript (Examples/NodeAdapter)","protocol":1,"seams":["progress-throttle","enrichment-job-backend","progress-message-encoding","structured-errors","status-messages"]}', 'hello');
expectError('"op":"hello","protocol":2,"seams":[]', 'another protocol version');
expect('"op":"new","seam":"progress-throttle","instance":1', 'null', 'new throttle');
expect('"op":"new","seam":"structured-errors","instance":2', 'null', 'new error builder');
expect('"op":"new","seam":"status-messages","instance":3', 'null', 'new formatter');
expect('"op":"new","seam":"progress-message-encoding","instance":4', 'null', 'new encoder');
expectError('"op":"new","seam":"heartbeat","instance":5', 'a client seam');
expectError('"op":"call","instance":99,"method":"deadline"', 'an unknown instance');
expectError('"op":"teleport"', 'an unknown op');
expect('"op":"call","instance":1,"method":"deadline"', 'null', 'a fresh throttle has no deadline');

// Status messages (StatusMessageSuite's examples).
expect(enrichment(5, 10, 'The Great Gatsby', false, START, START), found(5, 10, 'The Great Gatsby', 50, 5, 0), "the seed's example");
expect(enrichment(29, 100, 'T', false, START, START), found(29, 100, 'T', 29, 71, 0), '29 of 100 is 29%');
expect(enrichment(INT_MAX, INT_MAX, 'T', false, START, START), found(INT_MAX, INT_MAX, 'T', 100, 0, 0).replace(/"9223372036854775807"/g, INT_MAX), 'Int.max of Int.max');
expect(enrichment(INT_MIN, INT_MIN, 'T', false, START, START), found(0, 0, 'T', 100, 0, 0), 'Int.min of Int.min is 0 of 0');
expect(enrichment(3, 10, 'T', false, START, START + 10000), found(3, 10, 'T', 30, 7, 24), '3 of 10 in 10 s: 24 s left');
expect(enrichment(0, 10, 'T', false, START, START + 60000), '{"percentage":0,"remaining":10,"technicalMessage":"Enriching (0/10): T","userMessage":"Finding details for T... 0 of 10 books complete"}', 'nothing processed: no estimate');
expect(enrichment(2, 3, 'T', false, INT_MIN, INT_MAX), found(2, 3, 'T', 66, 1, 9223372036854776), '2^64 - 1 ms over two items');
expect(enrichment(1, INT_MAX, 'T', false, INT_MIN, INT_MAX),
  `{"estimatedSecondsRemaining":${INT_MAX},"percentage":0,"remaining":9223372036854775806,"technicalMessage":"Enriching (1/${INT_MAX}): T","userMessage":"Finding details for T... 1 of ${INT_MAX} books complete"}`, 'the widest clock saturates');
expect(enrichment(12, 10, 'X', true, START, START),
  '{"estimatedSecondsRemaining":0,"percentage":100,"remaining":0,"technicalMessage":"Enrichment failed (10/10): X","userMessage":"\u26A0\uFE0F Couldn\'t find details for X"}', 'not found, clamped');
expect(enrichment(1, 2, 'a'.repeat(999) + 'e\u0301', false, START, START), found(1, 2, 'a'.repeat(999) + 'e', 50, 1, 0), 'a combining mark past 1,000 bytes goes alone');
expect(status('csvImportStatus', '{"fraction":0.29,"phase":"parsing"}'), '{"percentage":28,"phase":"parsing","technicalMessage":"CSV parsing (28%)","userMessage":"\u{1F4C4} Reading your library export... 28% complete"}', '0.29 gives 28%');
expect(status('csvImportStatus', '{"fraction":"Infinity","phase":"validating"}'), '{"percentage":100,"phase":"validating","technicalMessage":"CSV validating (100%)","userMessage":"\u2705 Validating book data... 100% complete"}', 'infinity is 100%');
expect(status('csvImportStatus', '{"fraction":"NaN","phase":"saving"}'), '{"percentage":0,"phase":"saving","technicalMessage":"CSV saving (0%)","userMessage":"\u{1F4BE} Adding books to your library... 0% complete"}', 'NaN is 0%');
expect(status('aiScanStatus', '{"phase":"enriching"}'), '{"phase":"enriching","technicalMessage":"AI scan: enriching","userMessage":"\u2728 Finding cover art and details..."}', 'AI scan enriching');
expectError(status('csvImportStatus', '{"fraction":"nan","phase":"parsing"}'), 'a fraction string other than NaN and the infinities');

// The throttle (the reference's rules).
const throttle = (method, now, input) => `"op":"call","instance":1,"method":"${method}","now":${now}${input ? `,"input":${input}` : ''}`;
const update = (processed, total) => `{"update":{"processedCount":${processed},"totalCount":${total},"keepAlive":false}}`;
expect(throttle('offer', 0, update(1, 100)), '{"kind":"sent","reason":"first"}', 'the first report goes at once');
expect(throttle('offer', 100, update(2, 100)), '{"kind":"held"}', 'a report inside the interval is held');
expect(throttle('offer', 200, update(1, 100)), '{"kind":"stale"}', 'a lower count is stale');
expect('"op":"call","instance":1,"method":"deadline"', '500', 'the held report is due at the end of the interval');
expect('"op":"clone","instance":5,"from":1', 'null', 'clone');
expect(throttle('fire', 500), '{"kind":"flushed","update":{"keepAlive":false,"processedCount":2,"totalCount":100}}', 'the held report is flushed');
expect(throttle('fire', 10500), '{"kind":"keptAlive","update":{"keepAlive":true,"processedCount":2,"totalCount":100}}', 'a keep-alive after 10 s');
expect('"op":"call","instance":5,"method":"finish","now":300', '{"kind":"deferred","until":500}', 'the clone still holds its report: the finish waits');
expect('"op":"call","instance":5,"method":"fire","now":500,"release":[1]', '{"flushed":{"keepAlive":false,"processedCount":2,"totalCount":100},"kind":"finished"}', 'the deferred finish');
expect('"op":"call","instance":5,"method":"finish","now":600', '{"kind":"alreadyFinished"}', 'finished once');
expectError(throttle('fire', 0), 'a released instance');

// Structured errors (StructuredErrorSuite's examples).
const payload = (failure) => `"op":"call","instance":2,"method":"errorPayload","input":{"failure":${failure}}`;
const text = (object) => JSON.stringify({ text: JSON.stringify(object) });
expect(payload('{"kind":"csvImportFailed","code":null,"reason":"Unexpected token","fileName":"export.csv","fileSize":48213}'), text({
  affectedItems: [], code: 'E_CSV_PARSE_FAILED', details: { fileName: 'export.csv', fileSize: 48213, provider: 'Gemini 2.0 Flash' },
  message: 'Unexpected token', retryable: true, userMessage: 'Could not parse your CSV file. Please check the format.',
}), "the seed's CSV failure");
expect(payload('{"kind":"aiScanFailed","reason":"TimeoutError","imageSize":1024}'), text({
  affectedItems: [], code: 'E_GEMINI_TIMEOUT', details: { apiEndpoint: 'generateContent', imageSize: 1024, provider: 'Gemini 2.0 Flash' },
  message: 'TimeoutError', retryable: true, userMessage: 'AI analysis took too long. Try a smaller photo.',
}), 'a timeout in any ASCII case');
expect(payload('{"kind":"enrichmentFailed","reason":"x","failedTitles":["1","2","3","4","5","6","7","8","9","10","11","12"],"successCount":3}'), text({
  affectedItems: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], code: 'E_ENRICHMENT_FAILED',
  details: { affectedItemsTotal: 12, failureCount: 12, provider: 'Multiple', successCount: 3 },
  message: 'Batch enrichment failed: x', retryable: true, userMessage: 'Something went wrong during enrichment. Please try again.',
}), 'ten affected items, and the total');
expect(payload('{"kind":"jobNotFound"}'), text({
  affectedItems: [], code: 'E_JOB_NOT_FOUND', details: {}, message: 'No active job found with this ID', retryable: false,
  userMessage: 'This job is no longer running.',
}), 'job not found');
expect(payload('{"kind":"internalError","reason":"a\\u0000b/\u2028\\"\\u007f"}'),
  '{"text":"{\\"affectedItems\\":[],\\"code\\":\\"E_INTERNAL\\",\\"details\\":{},\\"message\\":\\"Internal error: a\\\\u0000b/\u2028\\\\\\"\u007f\\",\\"retryable\\":true,\\"userMessage\\":\\"Something went wrong. Please try again.\\"}"}',
  'escapes: only the quote, the backslash and controls');

// Message encoding (ProgressMessageEncodingSuite's examples).
const encodeCall = (message) => `"op":"call","instance":4,"method":"encode","input":{"message":${message}}`;
const progress = '{"jobId":"j","payload":{"currentTitle":"Dune","processedCount":5,"totalCount":10,"userMessage":"u"},"pipeline":"batch_enrichment","timestamp":1698764400000,"type":"job_progress","version":"1.0.0"}';
expect(encodeCall(progress), JSON.stringify({ text: progress }), 'a progress report');
const pong = '{"jobId":"j","payload":{"clientTime":1698764399920,"serverTime":1698764400000},"pipeline":"batch_enrichment","timestamp":1698764400000,"type":"pong","version":"1.0.0"}';
expect(encodeCall(pong), JSON.stringify({ text: pong }), "the seed's pong");
const unsorted = '{"version":"1.2.3","type":"job_started","timestamp":0,"pipeline":"ai_scan","payload":{"totalCount":0,"type":"job_started"},"jobId":"j"}';
expect(encodeCall(unsorted), JSON.stringify({ text: '{"jobId":"j","payload":{"totalCount":0},"pipeline":"ai_scan","timestamp":0,"type":"job_started","version":"1.0.0"}' }), 'sorted, version 1.0.0, the repeated type dropped');
const longTitle = 'a'.repeat(4095) + '\u20AC'; // 4,098 bytes: the euro sign does not fit
const whole = (title) => `{"jobId":"j","payload":{"currentTitle":"${title}","processedCount":1,"totalCount":2},"pipeline":"batch_enrichment","timestamp":0,"type":"job_progress","version":"1.0.0"}`;
expect(encodeCall(whole(longTitle)), JSON.stringify({ text: whole('a'.repeat(4095)) }), 'a whole title cut to 4,096 bytes at a scalar boundary (CODEC-05)');
expectError(encodeCall('{"jobId":"j","payload":{"processedCount":5,"totalCount":4},"pipeline":"csv_import","timestamp":0,"type":"job_progress","version":"1.0.0"}'), 'more processed than in all');

// The enrichment job backend (CancelEndpointSuite's and EnrichmentJobLoopSuite's examples): the seed's
// job, five books, started at BackendDriver.start; requests a minute later, a second apart.
const SEED_JOB = '550e8400-e29b-41d4-a716-446655440000';
const BACKEND_START = 1761920000000n; // 2025-10-31T14:13:20Z
const job = (method, input, now) => `"op":"call","instance":6,"method":"${method}"${now === undefined ? '' : `,"now":${now}`},"input":${input}`;
const cancel = (body, now, { method = 'POST', authorization = null } = {}) => job('handleCancelRequest', JSON.stringify({
  method, path: '/api/enrichment/cancel', base64: Buffer.from(body).toString('base64'), authorization,
}), now);
const at = (seconds) => String(BACKEND_START + BigInt(seconds) * 1000n);
const books = JSON.stringify([1, 2, 3, 4, 5].map((n) => ({ workRawIdentifier: String(n), title: `Book ${n}`, author: null, isbn: null })));
const notFound = '{"body":{"error":{"code":"JOB_NOT_FOUND","message":"No active job found with this ID"},"success":false},"status":404}';
expect('"op":"new","seam":"enrichment-job-backend","instance":6', 'null', 'new job backend');
expect(job('startJob', `{"jobId":"${SEED_JOB}","token":null,"books":${books}}`, at(0)), 'null', "the seed's job");
expect(job('startJob', `{"jobId":"6ba7b810-9dad-41d1-80b4-00c04fd430c8","token":"tok-b","books":[]}`, at(0)), 'null', 'a job with a token');
expect(job('runLoopTurn', `{"jobId":"${SEED_JOB}"}`, at(1)), '{"book":{"author":null,"isbn":null,"title":"Book 1","workRawIdentifier":"1"},"kind":"needsOutcome"}', 'a turn that would enrich a book asks for its outcome first');
expect(job('runLoopTurn', `{"jobId":"${SEED_JOB}","outcome":{"kind":"notFound"}}`, at(1)), '{"kind":"done"}', 'then runs with it');
expect(job('takeBroadcasts', `{"jobId":"${SEED_JOB.toUpperCase()}"}`), `[{"currentTitle":"Book 1","jobId":"${SEED_JOB}","processedCount":1,"timestamp":${at(1)},"totalCount":5,"type":"progress"}]`, 'one progress message');
expect(job('takeBroadcasts', `{"jobId":"${SEED_JOB}"}`), '[]', 'taken once');
expect(cancel(`{"jobId": "${SEED_JOB.toUpperCase()}"}`, at(60)),
  `{"body":{"data":{"jobId":"${SEED_JOB}","status":"canceled"},"meta":{"timestamp":"2025-10-31T14:14:20Z"},"success":true},"status":200}`, "the seed's success body, the job named as started (CANCEL-01, CANCEL-05)");
expect(cancel(`{"jobId": "${SEED_JOB}"}`, at(61)),
  `{"body":{"data":{"alreadyCanceled":true,"jobId":"${SEED_JOB}","status":"canceled"},"meta":{"timestamp":"2025-10-31T14:14:21Z"},"success":true},"status":200}`, 'canceling twice says so (CANCEL-03)');
expect(job('runLoopTurn', `{"jobId":"${SEED_JOB}"}`, at(62)), '{"kind":"done"}', 'a canceled job asks about no book');
expect(job('takeBroadcasts', `{"jobId":"${SEED_JOB}"}`), `[{"jobId":"${SEED_JOB}","message":"Job canceled by user","processedItems":1,"timestamp":${at(60)},"totalItems":5,"type":"canceled"},`
  + `{"canceled":true,"durationMilliseconds":62000,"failureCount":1,"jobId":"${SEED_JOB}","processedItems":1,"successCount":0,"timestamp":${at(62)},"totalItems":5,"type":"complete"}]`, 'the canceled message, then the final complete (JOB-01)');
expect(cancel('{"jobId": "6ba7b810-9dad-41d1-80b4-00c04fd430c8"}', at(63)), notFound, "without the job's token: not found (CANCEL-10)");
expect(cancel('{"jobId": "6ba7b810-9dad-41d1-80b4-00c04fd430c8"}', at(63), { authorization: 'tok-b' }),
  '{"body":{"data":{"jobId":"6ba7b810-9dad-41d1-80b4-00c04fd430c8","status":"canceled"},"meta":{"timestamp":"2025-10-31T14:14:23Z"},"success":true},"status":200}', 'with it: canceled');
expect(cancel('{"jobId": "550e8400-e29b', at(64)),
  '{"body":{"error":{"code":"INVALID_JSON","details":{"offset":24},"message":"Request body is not valid JSON: expected a closing \'\\"\' at byte 24, found the end of the document"},"success":false},"status":400}', 'cut off (CANCEL-06)');
expect(cancel('{}', at(64)), '{"body":{"error":{"code":"INVALID_REQUEST","message":"Invalid request: jobId required"},"success":false},"status":400}', "no jobId: production's answer (CANCEL-07)");
expect(cancel(`{"jobId": "${SEED_JOB}"}`.padEnd(16385, ' '), at(64)),
  '{"body":{"error":{"code":"PAYLOAD_TOO_LARGE","message":"Request body of 16385 bytes exceeds the 16384-byte limit"},"success":false},"status":413}', '16,385 bytes (CANCEL-08)');
expect(cancel(`{"jobId": "${SEED_JOB}"}`, at(64), { method: 'GET' }),
  '{"body":{"error":{"code":"METHOD_NOT_ALLOWED","message":"Use POST to cancel a job, not GET"},"success":false},"status":405}', 'GET (CANCEL-09)');
expectError(job('handleCancelRequest', '{"method":"POST","path":"/","base64":"QQ=","authorization":null}', at(64)), 'a body that is not padded base64');

// Bad lines never end the program.
id += 1;
if (answer('not json') !== '{"id":null,"error":"the request is not JSON: unexpected character \\"n\\" at offset 0"}') {
  failures += 1;
  console.log(`✗ a line that is not JSON: ${answer('not json')}`);
}

console.log(failures === 0 ? `selfcheck: all ${id} requests answered as the model answers` : `selfcheck: ${failures} mismatch(es)`);
process.exit(failures === 0 ? 0 : 1);
