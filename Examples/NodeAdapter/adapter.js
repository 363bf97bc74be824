#!/usr/bin/env node
'use strict';
// An adapter program for the conformance kit's runner (`adapterrun`), in JavaScript with no
// dependencies: it serves the five backend seams with a port of the model's behaviour, the reference
// the backend team checks its own code against.
//
// The protocol, version 1 (Sources/ProcessAdapter/Transport/AdapterSession.swift, Protocol/
// AdapterProtocol.swift, Server/AdapterServer.swift): newline-delimited JSON on stdin and stdout, one
// request, then its answer.
//
//   {"id": n, "op": "hello", "protocol": 1, "seams": [...]}   → {"protocol": 1, "name": …, "seams": [served]}
//   {"id": n, "op": "new", "seam": s, "instance": i}           → null      (a fresh instance i of seam s)
//   {"id": n, "op": "clone", "instance": i, "from": j}         → null      (i becomes a deep copy of j)
//   {"id": n, "op": "call", "instance": i, "method": m, "now"?: ms, "input"?: {…}} → the method's answer
//
// Any request may carry "release": [ids], instances the runner no longer uses; they go first. Every
// answer is {"id": <the request's id>, "ok": value} or {"id": …, "error": "message"}, with no other
// keys; a line that is not JSON is answered with id null. Nothing a request holds makes this program
// exit: every failure becomes an error answer.

const { parse, encode, Field } = require('./json');
const { ThrottleInstance } = require('./throttle');
const { MessageEncodingInstance } = require('./codec');
const { StructuredErrorsInstance } = require('./errors');
const { StatusMessagesInstance } = require('./status');
const { EnrichmentJobBackendInstance } = require('./jobs');

const PROTOCOL_VERSION = 1n;
const NAME = 'the model, ported to JavaScript (Examples/NodeAdapter)';

/// The seams this program serves, and how each makes an instance, in the order the hello answer lists
/// them (AdapterSeam's order).
const factories = new Map([
  ['progress-throttle', () => new ThrottleInstance()],
  ['enrichment-job-backend', () => new EnrichmentJobBackendInstance()],
  ['progress-message-encoding', () => new MessageEncodingInstance()],
  ['structured-errors', () => new StructuredErrorsInstance()],
  ['status-messages', () => new StatusMessagesInstance()],
]);

/// The live instances by id (as decimal text, since ids are BigInt).
const instances = new Map();

/// Performs one request (a Field at the root) and returns its `ok` value; throws to answer an error.
function perform(request) {
  const released = request.optionalField('release');
  if (released !== undefined) {
    for (const id of released.elements()) instances.delete(id.int().toString());
  }
  const operationField = request.field('op');
  switch (operationField.string()) {
    case 'hello': {
      const versionField = request.field('protocol');
      if (versionField.int64() !== PROTOCOL_VERSION) throw versionField.invalid(`this program speaks version ${PROTOCOL_VERSION}`);
      return { protocol: PROTOCOL_VERSION, name: NAME, seams: [...factories.keys()] };
    }
    case 'new': {
      const seamField = request.field('seam');
      const factory = factories.get(seamField.string());
      if (factory === undefined) throw seamField.invalid('this program does not serve that seam');
      instances.set(request.field('instance').int().toString(), factory());
      return null;
    }
    case 'clone': {
      const sourceField = request.field('from');
      const original = instances.get(sourceField.int().toString());
      if (original === undefined) throw sourceField.invalid('no such instance');
      instances.set(request.field('instance').int().toString(), original.clone());
      return null;
    }
    case 'call': {
      const idField = request.field('instance');
      const instance = instances.get(idField.int().toString());
      if (instance === undefined) throw idField.invalid('no such instance');
      const methodField = request.field('method');
      const method = methodField.string();
      const nowValue = request.optional('now', (field) => field.int64());
      const now = () => {
        if (nowValue === undefined) throw methodField.invalid(`${method} needs now`);
        return nowValue;
      };
      const input = request.optionalField('input') ?? new Field(Object.create(null), 'input');
      // The instance changes only when its method runs; a request it cannot read changes nothing,
      // because each method reads its whole input before it acts.
      const result = instance.call(methodField, now, input);
      return result === undefined ? null : result;
    }
    default:
      throw operationField.invalid('expected hello, new, clone or call');
  }
}

/// The answer line (without its newline) to one request line.
function answer(line) {
  let value;
  try {
    value = parse(line);
  } catch (error) {
    return answerLine(null, { error: `the request is not JSON: ${error.message}` });
  }
  const id = value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value ? value.id : null;
  try {
    return answerLine(id, { ok: perform(new Field(value)) });
  } catch (error) {
    return answerLine(id, { error: error instanceof Error ? error.message : String(error) });
  }
}

/// {"id": …, "ok": …} or {"id": …, "error": …}, id first.
function answerLine(id, outcome) {
  let encodedID;
  try {
    encodedID = encode(id);
  } catch {
    encodedID = 'null'; // an id the encoder cannot write (a double): answer with null
  }
  if ('ok' in outcome) {
    let encodedOK;
    try {
      encodedOK = encode(outcome.ok);
    } catch (error) {
      return `{"id":${encodedID},"error":${encode(`could not write the answer: ${error.message}`)}}`;
    }
    return `{"id":${encodedID},"ok":${encodedOK}}`;
  }
  return `{"id":${encodedID},"error":${encode(outcome.error)}}`;
}

// MARK: - The line loop

// Lines are split on "\n" alone (not readline's "\r" or U+2028 rules), as Swift's readLine does; a
// trailing "\r" is dropped. Bytes are gathered until a whole line is in, then decoded as UTF-8.
function serve() {
  let pending = [];
  let pendingLength = 0;

  function handle(bytes) {
    let text = bytes.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    process.stdout.write(answer(text) + '\n');
  }

  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      const piece = chunk.subarray(start, newline);
      const line = pendingLength === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      pendingLength = 0;
      handle(line);
      start = newline + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingLength += chunk.length - start;
    }
  });

  process.stdin.on('end', () => {
    if (pendingLength > 0) handle(Buffer.concat(pending)); // a last line without its newline
  });

  // The runner may close our output when it is done with us: end quietly.
  process.stdout.on('error', () => process.exit(0));
}

if (require.main === module) serve();

module.exports = { answer };
