#!/usr/bin/env node
'use strict';
// The process adapter (Docs/ProcessAdapter.md, protocol 1): one JSON request
// per line on stdin, one JSON answer per line on stdout, logs on stderr.
// Serves the backend seams from this folder's modules.

const { parse, stringify, isObject, LineSplitter } = require('./wire');
const { toBig } = require('./text');
const { ProgressThrottle } = require('./throttle');
const { encodeMessage } = require('./messages');
const { errorPayloadText } = require('./errors');
const { enrichmentStatus, csvImportStatus, aiScanStatus } = require('./status');
const { EnrichmentJobBackend } = require('./jobs');

const PROTOCOL = 1n;
const NAME = 'independent-backend (Node)';

// A stateless seam's instance: nothing to copy.
class Stateless {
  clone() { return this; }
}

const SEAMS = {
  'progress-throttle': {
    create: () => new ProgressThrottle(),
    methods: {
      deadline: (t) => t.deadline(),
      offer: (t, input, now) => t.offer(input.update, now),
      fire: (t, input, now) => t.fire(now),
      finish: (t, input, now) => t.finish(now),
    },
  },
  'progress-message-encoding': {
    create: () => new Stateless(),
    methods: {
      encode: (_, input) => ({ text: encodeMessage(input.message) }),
    },
  },
  'structured-errors': {
    create: () => new Stateless(),
    methods: {
      errorPayload: (_, input) => ({ text: errorPayloadText(input.failure) }),
    },
  },
  'status-messages': {
    create: () => new Stateless(),
    methods: {
      enrichmentStatus: (_, input, now) => enrichmentStatus(input, now),
      csvImportStatus: (_, input) => csvImportStatus(input),
      aiScanStatus: (_, input) => aiScanStatus(input),
    },
  },
  'enrichment-job-backend': {
    create: () => new EnrichmentJobBackend(),
    methods: {
      startJob: (b, input, now) => { b.startJob(input.jobId, input.token ?? null, input.books, now); return null; },
      handleCancelRequest: (b, input, now) => b.handleCancelRequest(input, now),
      runLoopTurn: (b, input, now) => b.runLoopTurn(input.jobId, input.outcome, now),
      failJob: (b, input, now) => { b.failJob(input.jobId, input.code, input.message, now); return null; },
      takeBroadcasts: (b, input) => b.takeBroadcasts(input.jobId),
    },
  },
};

// Methods that take the call's time.
const TIMED = new Set(['offer', 'fire', 'finish', 'startJob', 'handleCancelRequest', 'runLoopTurn', 'failJob', 'enrichmentStatus']);

const instances = new Map(); // instance id (decimal string) -> { seam, state }

function key(id) {
  return toBig(id, 'instance').toString();
}

function perform(req) {
  const op = req.op;
  if (op === 'hello') {
    if (req.protocol !== PROTOCOL) throw new Error(`unsupported protocol ${String(req.protocol)}; this program speaks 1`);
    return { protocol: PROTOCOL, name: NAME, seams: Object.keys(SEAMS) };
  }
  if (Array.isArray(req.release)) for (const id of req.release) instances.delete(key(id));

  switch (op) {
    case 'new': {
      const seam = SEAMS[req.seam];
      if (!seam || !Object.prototype.hasOwnProperty.call(SEAMS, req.seam)) throw new Error(`seam not served: ${String(req.seam)}`);
      instances.set(key(req.instance), { seam: req.seam, state: seam.create() });
      return null;
    }
    case 'clone': {
      const from = instances.get(key(req.from));
      if (!from) throw new Error(`no live instance ${String(req.from)}`);
      instances.set(key(req.instance), { seam: from.seam, state: from.state.clone() });
      return null;
    }
    case 'call': {
      const inst = instances.get(key(req.instance));
      if (!inst) throw new Error(`no live instance ${String(req.instance)}`);
      const methods = SEAMS[inst.seam].methods;
      const method = req.method;
      if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(methods, method)) {
        throw new Error(`seam ${inst.seam} has no method ${String(method)}`);
      }
      let now;
      if (TIMED.has(method)) now = toBig(req.now, 'now');
      const input = req.input === undefined ? Object.create(null) : req.input;
      if (!isObject(input)) throw new Error('input: expected an object');
      return methods[method](inst.state, input, now);
    }
    default:
      throw new Error(`unknown op ${String(op)}`);
  }
}

function answer(obj) {
  process.stdout.write(stringify(obj) + '\n');
}

function onLine(buf) {
  let req;
  try {
    req = parse(buf.toString('utf8'));
  } catch (e) {
    process.stderr.write(`unreadable request line: ${e.message}\n`);
    return;
  }
  if (!isObject(req) || typeof req.id !== 'bigint') {
    process.stderr.write('request without an integer id\n');
    return;
  }
  let ok;
  try {
    ok = perform(req);
  } catch (e) {
    process.stderr.write(`request ${req.id}: ${e && e.message ? e.message : e}\n`);
    answer({ id: req.id, error: String(e && e.message ? e.message : e) });
    return;
  }
  let line;
  try {
    line = stringify({ id: req.id, ok: ok === undefined ? null : ok });
  } catch (e) {
    answer({ id: req.id, error: `could not write the answer: ${e.message}` });
    return;
  }
  process.stdout.write(line + '\n');
}

if (require.main === module) {
  const splitter = new LineSplitter(onLine);
  process.stdin.on('data', (chunk) => splitter.push(chunk));
  process.stdin.on('end', () => splitter.end());
}

module.exports = { perform, SEAMS };
