'use strict';
// Server-side progress throttling (Seed 003, Task 2), as the Durable Object
// would run it, but driven by virtual time: the DO's setTimeout flush and the
// keep-alive become a `deadline` the caller fires at.
//
// Policy (see NOTES.md for the why):
// - The first update goes out at once.
// - After that, at most one progress message per 500 ms, with no exception:
//   milestones, keep-alives and the final flush all wait for the interval.
// - An update inside the interval is held; a later one replaces it (it carries
//   at least as much progress). The held one is flushed when the interval ends.
// - A milestone (25/50/75/100 % of totalCount) is never lost: the update that
//   crosses it is sent or held, and a held update is always flushed.
// - After 10 s with nothing sent, the last update is sent again as a keep-alive.
// - An update with a lower processedCount than one already accepted is stale.
// - finish flushes what is held (now, or when the interval allows) and ends
//   the throttle; later updates are refused as afterFinish.

const { addSat, toBig } = require('./text');

const INTERVAL_MS = 500n;
const KEEPALIVE_MS = 10000n;

function normalizeUpdate(raw) {
  if (raw === null || typeof raw !== 'object') throw new Error('update: expected an object');
  const u = {
    processedCount: toBig(raw.processedCount, 'update.processedCount'),
    totalCount: toBig(raw.totalCount, 'update.totalCount'),
    keepAlive: raw.keepAlive === true,
  };
  if (typeof raw.currentTitle === 'string') u.currentTitle = raw.currentTitle;
  if (typeof raw.userMessage === 'string') u.userMessage = raw.userMessage;
  return u;
}

function copyUpdate(u) {
  return u === null ? null : { ...u };
}

// The wire form of an update: keepAlive always written, a nil text left out.
function updateOut(u) {
  const out = { processedCount: u.processedCount, totalCount: u.totalCount };
  if (u.currentTitle !== undefined) out.currentTitle = u.currentTitle;
  if (u.userMessage !== undefined) out.userMessage = u.userMessage;
  out.keepAlive = u.keepAlive;
  return out;
}

// The highest quarter (0..4) of totalCount that processedCount has reached.
// A job with nothing to do (totalCount 0) is complete: quarter 4.
function quarter(u) {
  const p = u.processedCount < 0n ? 0n : u.processedCount;
  const t = u.totalCount;
  if (t <= 0n) return 4n;
  const q = (p * 4n) / t;
  return q > 4n ? 4n : q;
}

class ProgressThrottle {
  constructor() {
    this.lastSentAt = null; // BigInt ms of the last message sent
    this.lastSent = null; // the last update sent
    this.pending = null; // the update held for the end of the interval
    this.highWater = null; // highest processedCount accepted (sent or held)
    this.announcedQuarter = 0n; // highest milestone quarter already sent
    this.finishRequested = false; // finish deferred until the interval ends
    this.finished = false;
  }

  clone() {
    const c = new ProgressThrottle();
    c.lastSentAt = this.lastSentAt;
    c.lastSent = copyUpdate(this.lastSent);
    c.pending = copyUpdate(this.pending);
    c.highWater = this.highWater;
    c.announcedQuarter = this.announcedQuarter;
    c.finishRequested = this.finishRequested;
    c.finished = this.finished;
    return c;
  }

  intervalEnds() {
    return addSat(this.lastSentAt, INTERVAL_MS);
  }

  keepAliveDue() {
    return addSat(this.lastSentAt, KEEPALIVE_MS);
  }

  send(u, now) {
    this.lastSentAt = now;
    this.lastSent = u;
    this.pending = null;
    if (this.highWater === null || u.processedCount > this.highWater) this.highWater = u.processedCount;
    const q = quarter(u);
    if (q > this.announcedQuarter) this.announcedQuarter = q;
  }

  deadline() {
    if (this.finished || this.lastSentAt === null) return null;
    if (this.pending !== null) return this.intervalEnds();
    return this.keepAliveDue();
  }

  offer(rawUpdate, now) {
    const u = normalizeUpdate(rawUpdate);
    if (this.finished || this.finishRequested) return { kind: 'afterFinish' };
    if (this.highWater !== null && u.processedCount < this.highWater) return { kind: 'stale' };

    if (this.lastSentAt === null) {
      this.send(u, now);
      return { kind: 'sent', reason: 'first' };
    }

    const elapsed = now - this.lastSentAt;
    if (elapsed >= INTERVAL_MS) {
      let reason = 'interval';
      if (quarter(u) > this.announcedQuarter) reason = 'milestone';
      else if (u.keepAlive || elapsed >= KEEPALIVE_MS) reason = 'keepAlive';
      this.send(u, now);
      return { kind: 'sent', reason };
    }

    // Inside the interval: hold it. A keep-alive carries no news, so it never
    // displaces a held progress update.
    if (!(u.keepAlive && this.pending !== null)) this.pending = u;
    if (this.highWater === null || u.processedCount > this.highWater) this.highWater = u.processedCount;
    return { kind: 'held' };
  }

  fire(now) {
    if (this.finished || this.lastSentAt === null) return { kind: 'nothingDue' };
    if (this.pending !== null) {
      if (now < this.intervalEnds()) return { kind: 'nothingDue' };
      const u = this.pending;
      this.send(u, now);
      if (this.finishRequested) {
        this.finished = true;
        this.finishRequested = false;
        return { kind: 'finished', flushed: updateOut(u) };
      }
      return { kind: 'flushed', update: updateOut(u) };
    }
    if (now < this.keepAliveDue()) return { kind: 'nothingDue' };
    const k = { ...this.lastSent, keepAlive: true };
    this.send(k, now);
    return { kind: 'keptAlive', update: updateOut(k) };
  }

  finish(now) {
    if (this.finished) return { kind: 'alreadyFinished' };
    if (this.pending === null) {
      this.finished = true;
      this.finishRequested = false;
      return { kind: 'now' };
    }
    const until = this.intervalEnds();
    if (now >= until) {
      const u = this.pending;
      this.send(u, now);
      this.finished = true;
      this.finishRequested = false;
      return { kind: 'now', flushed: updateOut(u) };
    }
    this.finishRequested = true;
    return { kind: 'deferred', until };
  }
}

module.exports = { ProgressThrottle, INTERVAL_MS, KEEPALIVE_MS, quarter };
