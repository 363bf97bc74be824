'use strict';
// Seam `progress-message-encoding`: the model's message encoder, a port of
// Sources/SpecModel/Progress/Messages/ProgressMessageCodec.swift and ProgressMessage+JSON.swift.
//
// The request carries the message as the model's JSON object with its texts whole
// (ProcessMessageCodec.uncutObject(of:)); the model's program cuts the texts, reads the object strictly
// with ProgressMessageCodec.decode (ProcessMessageCodec.message(fromUncut:)) and answers
// ProgressMessageCodec.encode of what it read. This port does the same steps:
//
// 1. `readUncutMessage` and `decodeMessage`: the texts cut, then the envelope {type, jobId, pipeline,
//    timestamp, version, payload} and each of the nine payloads, checked as the model checks them
//    (D-075, D-076, D-092);
// 2. `encodeMessage`: the canonical frame (Seed 003_…, "Unified message schema"): keys sorted by UTF-8
//    bytes, no whitespace, minimal escapes (json.js `encode`), version "1.0.0", titles and status lines
//    cut to 4,096 UTF-8 bytes at a scalar boundary (TextExcerpt.prefix, D-076, D-084), counts and times
//    as exact integers.

const { encode, scalarPrefix, utf8Length, Field, FieldError } = require('./json');
const { decodeStructuredError, errorPayload } = require('./errors');

/// The protocol version this model writes; it reads any `1.<minor>.<patch>` (D-076).
const VERSION = '1.0.0';
/// The largest message accepted, in bytes (64 KiB).
const MESSAGE_BYTES_MAX = 65536;
/// The most UTF-8 bytes in a job id.
const JOB_ID_BYTES_MAX = 128;
/// The most UTF-8 bytes in a title or a status line; the encoder cuts longer ones.
const TEXT_BYTES_MAX = 4096;

const PIPELINES = ['batch_enrichment', 'csv_import', 'ai_scan'];
const TYPES = ['job_started', 'job_progress', 'job_complete', 'error', 'canceled', 'ping', 'pong', 'sync_request', 'sync_response'];
const JOB_STATUSES = ['running', 'complete', 'canceled', 'failed'];

/// Why a message object is not one the model reads (ProgressMessageError).
class MessageError extends Error {}

/// ProgressMessageCodec.isSupported(version:): "1.0.0", or `1.<minor>.<patch>` with 1 to 9 digits each.
function isSupportedVersion(version) {
  if (version === VERSION) return true;
  const parts = version.split('.');
  return parts.length === 3 && parts[0] === '1' && parts.slice(1).every((part) => /^[0-9]{1,9}$/.test(part));
}

// MARK: - Decoding (ProgressMessageCodec.decode, ProgressPayload.init(decoding:type:))

/// ProgressMessageCodec.decodeJobId: 1 to 128 bytes of letters, digits, '-', '_', '.' and ':'.
function decodeJobId(field) {
  const text = field.string();
  if (text === '') throw field.invalid('must not be empty');
  const bytes = utf8Length(text);
  if (bytes > JOB_ID_BYTES_MAX) throw field.invalid(`is ${bytes} bytes long; the limit is ${JOB_ID_BYTES_MAX}`);
  if (!/^[A-Za-z0-9\-_.:]*$/.test(text)) throw field.invalid("may hold only letters, digits, '-', '_', '.' and ':'");
  return text;
}

function decodeCompletion(payload) {
  const summary = payload.field('summary');
  const totalProcessed = summary.field('totalProcessed').count();
  const totalCount = summary.field('totalCount').count();
  const successCount = summary.field('successCount').count();
  const failureCount = summary.field('failureCount').count();
  const durationMilliseconds = summary.field('duration').int64();
  if (totalProcessed > totalCount) throw summary.field('totalProcessed').invalid(`is ${totalProcessed}, more than totalCount ${totalCount}`);
  if (successCount > totalProcessed || failureCount !== totalProcessed - successCount) {
    throw summary.invalid(`successCount ${successCount} and failureCount ${failureCount} do not add up to totalProcessed ${totalProcessed}`);
  }
  if (durationMilliseconds < 0n) throw summary.field('duration').invalid(`is negative (${durationMilliseconds} ms)`);
  return {
    canceled: payload.field('canceled').bool(),
    totalProcessed, totalCount, successCount, failureCount, durationMilliseconds,
    userMessage: payload.optional('userMessage', (f) => f.text(TEXT_BYTES_MAX)),
  };
}

function decodeSnapshot(payload) {
  const statusField = payload.field('status');
  const status = statusField.string();
  if (!JOB_STATUSES.includes(status)) {
    throw statusField.invalid(`"${scalarPrefix(status, 64)}" is not a job status; expected one of ${JOB_STATUSES.join(', ')}`);
  }
  const processedCount = payload.field('processedCount').count();
  const totalCount = payload.field('totalCount').count();
  if (processedCount > totalCount) throw payload.field('processedCount').invalid(`is ${processedCount}, more than totalCount ${totalCount}`);
  const completionField = payload.optionalField('completion');
  const completion = completionField === undefined ? undefined : decodeCompletion(completionField);
  const errorField = payload.optionalField('error');
  const error = errorField === undefined ? undefined : decodeStructuredError(errorField);
  switch (status) {
    case 'running':
      if (completionField) throw completionField.invalid('a running job has no completion yet');
      if (errorField) throw errorField.invalid('a running job has no error');
      break;
    case 'complete':
      if (!completion) throw FieldError.missing(`${payload.path === '' ? '' : payload.path + '.'}completion`);
      if (completion.canceled) throw completionField.invalid('says canceled but the status is complete');
      if (errorField) throw errorField.invalid('a completed job has no error');
      break;
    case 'canceled':
      if (completion && !completion.canceled) throw completionField.invalid('does not say canceled but the status is canceled');
      if (errorField) throw errorField.invalid('a canceled job has no error');
      break;
    default: // failed
      if (!error) throw FieldError.missing(`${payload.path === '' ? '' : payload.path + '.'}error`);
      if (completionField) throw completionField.invalid('a failed job has no completion');
  }
  return { status, processedCount, totalCount, completion, error };
}

/// The payload of a message of `type`. A payload may repeat the type (production does); then it must
/// agree. Members the type does not define are ignored (a newer 1.x sender may add some).
function decodePayload(payload, type) {
  const repeated = payload.optionalField('type');
  if (repeated !== undefined) {
    const text = repeated.string();
    if (text !== type) throw repeated.invalid(`repeats the type as "${scalarPrefix(text, 64)}" but the message is ${type}`);
  }
  switch (type) {
    case 'job_started':
      return { totalCount: payload.field('totalCount').count() };
    case 'job_progress': {
      const processedCount = payload.field('processedCount').count();
      const totalCount = payload.field('totalCount').count();
      if (processedCount > totalCount) throw payload.field('processedCount').invalid(`is ${processedCount}, more than totalCount ${totalCount}`);
      return {
        processedCount, totalCount,
        currentTitle: payload.optional('currentTitle', (f) => f.text(TEXT_BYTES_MAX)),
        userMessage: payload.optional('userMessage', (f) => f.text(TEXT_BYTES_MAX)),
        keepAlive: payload.optional('keepAlive', (f) => f.bool()) ?? false,
      };
    }
    case 'job_complete':
      return decodeCompletion(payload);
    case 'error':
      return decodeStructuredError(payload);
    case 'canceled': {
      const processedItems = payload.field('processedItems').count();
      const totalItems = payload.field('totalItems').count();
      if (processedItems > totalItems) throw payload.field('processedItems').invalid(`is ${processedItems}, more than totalItems ${totalItems}`);
      return { message: payload.field('message').text(TEXT_BYTES_MAX), processedItems, totalItems };
    }
    case 'ping':
      return { clientTime: payload.optional('clientTime', (f) => f.int64()) };
    case 'pong':
      return { clientTime: payload.optional('clientTime', (f) => f.int64()), serverTime: payload.field('serverTime').int64() };
    case 'sync_request':
      return { lastProcessedCount: payload.optional('lastProcessedCount', (f) => f.count()) };
    default: // sync_response
      return decodeSnapshot(payload);
  }
}

/// ProgressMessageCodec.decode of a parsed message (`root` a Field), from either sender.
///
/// The model's program reads the request's object through its bytes (`field.value.encoded()`), so the
/// size limit applies to the object's canonical text; the parser's depth (8) and member (256) limits,
/// which no message of the protocol comes near, are not checked here.
function decodeMessage(root) {
  const size = utf8Length(encode(root.value));
  if (size > MESSAGE_BYTES_MAX) throw new MessageError(`the message is ${size} bytes; the limit is ${MESSAGE_BYTES_MAX}`);
  if (root.kind !== 'object') throw root.wrongType('object');
  const version = root.field('version').string();
  if (!isSupportedVersion(version)) {
    throw new MessageError(`field version is "${scalarPrefix(version, 64)}"; this protocol reads 1.x.y (writes ${VERSION})`);
  }
  const type = root.field('type').string();
  if (!TYPES.includes(type)) {
    throw new MessageError(`field type is "${scalarPrefix(type, 64)}", which is not a message type; expected one of ${TYPES.join(', ')}`);
  }
  const jobId = decodeJobId(root.field('jobId'));
  const pipelineField = root.field('pipeline');
  const pipeline = pipelineField.string();
  if (!PIPELINES.includes(pipeline)) {
    throw pipelineField.invalid(`"${scalarPrefix(pipeline, 64)}" is not a pipeline; expected one of ${PIPELINES.join(', ')}`);
  }
  const timestampField = root.field('timestamp');
  const timestamp = timestampField.int64();
  if (timestamp < 0n) throw timestampField.invalid(`must not be negative, got ${timestamp}`);
  const payload = decodePayload(root.field('payload'), type);
  return { type, jobId, pipeline, timestamp, payload };
}

// MARK: - Encoding (ProgressMessage.json, ProgressPayload.json, JobCompletion.json)

/// A title or status line as written: cut to 4,096 bytes at a scalar boundary.
function cut(text) {
  return text === undefined ? undefined : scalarPrefix(text, TEXT_BYTES_MAX);
}

function completionJSON(completion) {
  return {
    canceled: completion.canceled,
    summary: {
      duration: completion.durationMilliseconds, // milliseconds, never seconds (D-075, O-06)
      failureCount: completion.failureCount,
      successCount: completion.successCount,
      totalCount: completion.totalCount,
      totalProcessed: completion.totalProcessed,
    },
    userMessage: cut(completion.userMessage),
  };
}

/// The payload object of each type; `undefined` members are left out.
function payloadJSON(type, payload) {
  switch (type) {
    case 'job_started':
      return { totalCount: payload.totalCount };
    case 'job_progress':
      return {
        currentTitle: cut(payload.currentTitle),
        keepAlive: payload.keepAlive ? true : undefined, // written only when true (D-073)
        processedCount: payload.processedCount,
        totalCount: payload.totalCount,
        userMessage: cut(payload.userMessage),
      };
    case 'job_complete':
      return completionJSON(payload);
    case 'error':
      return errorPayload(payload); // all six members (D-093)
    case 'canceled': // seed 000's `data`, as the envelope's payload (D-075)
      return { message: cut(payload.message), processedItems: payload.processedItems, totalItems: payload.totalItems };
    case 'ping':
      return { clientTime: payload.clientTime };
    case 'pong':
      return { clientTime: payload.clientTime, serverTime: payload.serverTime };
    case 'sync_request':
      return { lastProcessedCount: payload.lastProcessedCount };
    default: // sync_response
      return {
        status: payload.status,
        processedCount: payload.processedCount,
        totalCount: payload.totalCount,
        completion: payload.completion === undefined ? undefined : completionJSON(payload.completion),
        error: payload.error === undefined ? undefined : errorPayload(payload.error),
      };
  }
}

/// ProgressMessageCodec.encode: the message's canonical UTF-8 JSON, as text.
function encodeMessage(message) {
  return encode({
    jobId: message.jobId,
    payload: payloadJSON(message.type, message.payload),
    pipeline: message.pipeline,
    timestamp: message.timestamp,
    type: message.type,
    version: VERSION,
  });
}

/// The message an encoder is given, as the model's program reads it (ProcessMessageCodec.message(fromUncut:)).
///
/// The runner sends the model's object of the message with its texts whole (`uncutObject(of:)`):
/// cutting a title, a status line or a cancellation's message to 4,096 bytes is the encoder's job
/// (CODEC-05), so the object as it stands may be one the strict reader refuses. The payload's
/// `currentTitle`, `userMessage` and `message` strings are cut first, as the encoder would write them,
/// and the result is read strictly.
function readUncutMessage(field) {
  if (field.kind !== 'object' || field.optionalField('payload')?.kind !== 'object') {
    throw field.wrongType('an object with an object payload');
  }
  const payload = Object.assign(Object.create(null), field.value.payload);
  for (const key of ['currentTitle', 'userMessage', 'message']) {
    if (typeof payload[key] === 'string') payload[key] = scalarPrefix(payload[key], TEXT_BYTES_MAX);
  }
  const object = Object.assign(Object.create(null), field.value, { payload });
  try {
    return decodeMessage(new Field(object));
  } catch (error) {
    throw field.invalid(`not a message the model reads: ${error.message}`);
  }
}

class MessageEncodingInstance {
  clone() {
    return new MessageEncodingInstance(); // stateless
  }

  call(methodField, now, input) {
    if (methodField.string() !== 'encode') throw methodField.invalid('an encoder has encode');
    return { text: encodeMessage(readUncutMessage(input.field('message'))) };
  }
}

module.exports = { VERSION, isSupportedVersion, decodeMessage, readUncutMessage, encodeMessage, MessageEncodingInstance, MessageError };
