'use strict';
// Encoding of the server's progress messages (Seed 003, unified message
// schema): { type, jobId, pipeline, timestamp, version, payload }.
//
// The backend writes a message as JSON text, one WebSocket text frame.
// Integers (the timestamp in epoch milliseconds, counts) are written exactly,
// and every user-visible text in the payload (a title, a user message, a
// cancellation or error message) is cut to 4,096 UTF-8 bytes at a scalar
// boundary, so one long title cannot blow up a frame.

const { stringify, isObject } = require('./wire');
const { cutUtf8, MAX_TEXT_BYTES } = require('./text');

const CAPPED_TEXT_KEYS = new Set(['currentTitle', 'userMessage', 'message']);

// A copy of a payload value with the capped texts cut, at any depth (a sync
// response carries the job's latest progress or completion inside it).
function capTexts(v) {
  if (Array.isArray(v)) return v.map(capTexts);
  if (!isObject(v)) return v;
  const out = Object.getPrototypeOf(v) === null ? Object.create(null) : {};
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (CAPPED_TEXT_KEYS.has(k) && typeof x === 'string') out[k] = cutUtf8(x, MAX_TEXT_BYTES);
    else out[k] = capTexts(x);
  }
  return out;
}

function encodeMessage(message) {
  if (!isObject(message)) throw new Error('message: expected an object');
  const out = Object.create(null);
  for (const k of Object.keys(message)) {
    out[k] = k === 'payload' ? capTexts(message[k]) : message[k];
  }
  return stringify(out);
}

module.exports = { encodeMessage, capTexts };

// ---------------------------------------------------------------------------
// Heartbeat (Seed 003, Task 1, backend side): the Durable Object answers a
// client's ping with a pong that echoes the ping's clientTime, so the client
// can measure the round trip. No seam of the kit calls this; the DO's message
// handler would, and the frame goes out through encodeMessage.

const PROTOCOL_VERSION = '1.0.0';

// The pong for a parsed ping, or null when the message is not a ping.
function pongFor(ping, jobId, now) {
  if (!isObject(ping) || ping.type !== 'ping') return null;
  const clientTime = isObject(ping.payload) && typeof ping.payload.clientTime === 'bigint'
    ? ping.payload.clientTime
    : undefined;
  const payload = {};
  if (clientTime !== undefined) payload.clientTime = clientTime;
  return {
    type: 'pong',
    jobId,
    pipeline: typeof ping.pipeline === 'string' ? ping.pipeline : 'batch_enrichment',
    timestamp: now,
    version: PROTOCOL_VERSION,
    payload,
  };
}

module.exports.pongFor = pongFor;
