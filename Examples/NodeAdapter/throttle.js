'use strict';
// Seam `progress-throttle`: a port of the reference throttle, Sources/SpecModel/Progress/Throttle/
// ProgressThrottle.swift (not SeedProgressThrottle, which keeps the seed's rate-breaking code).
//
// Seed 003_…, Task 2, "Throttling Strategy", as the model keeps it:
// - messages at least `intervalMilliseconds` apart (D-071);
// - the first report sent at once; a report inside the interval held, a later one replacing it, the
//   held one flushed when the interval passes (D-071);
// - a report whose count is below one already reported is stale and dropped (D-074);
// - after `keepAliveMilliseconds` without a message, the last one sent again marked keep-alive (D-073);
// - `finish` sends the held report now if the interval has passed, else defers the finish to the end of
//   the interval (D-072); nothing is sent after that.
//
// Times are epoch milliseconds as BigInt (Swift's Int64): the kit sends instants anywhere in Int64.
// Elapsed time is `now &- sentAt` (wrapping, as in Swift), never less than 0.
//
// Wire shapes (Sources/ProcessAdapter/Seams/ProcessThrottle.swift, Server/AdapterServerValues.swift):
// an Update is {processedCount, totalCount, currentTitle?, userMessage?, keepAlive}.

const { INT64_MIN, INT64_MAX } = require('./json');

/// The seed's interval: "at most once per 500ms".
const INTERVAL_MILLISECONDS = 500n;
/// The seed's keep-alive: "Don't throttle if >10s since last update".
const KEEP_ALIVE_MILLISECONDS = 10000n;

/// Swift's `&-` on Int64: the difference wrapped to 64 bits.
function wrappingSubtract(a, b) {
  return BigInt.asIntN(64, a - b);
}

/// Timestamp.adding(milliseconds:), whose `+` traps on overflow in Swift; here it throws, and the
/// adapter answers the call with an error (the model's program would have crashed).
function adding(instant, milliseconds) {
  const sum = instant + milliseconds;
  if (sum < INT64_MIN || sum > INT64_MAX) {
    throw new Error(`${instant} ms + ${milliseconds} ms overflows Int64 (the model traps here)`);
  }
  return sum;
}

/// A copy of an update (updates are Swift values).
function copyUpdate(update) {
  return update === null ? null : { ...update };
}

class ProgressThrottle {
  constructor(intervalMilliseconds = INTERVAL_MILLISECONDS, keepAliveMilliseconds = KEEP_ALIVE_MILLISECONDS) {
    this.intervalMilliseconds = intervalMilliseconds;
    this.keepAliveMilliseconds = keepAliveMilliseconds;
    /// When the last progress message was sent (BigInt ms), or null.
    this.lastSentAt = null;
    /// The last progress message sent, or null.
    this.lastSent = null;
    /// The report held for the end of the interval, or null.
    this.held = null;
    /// The highest count reported so far, or -1 before the first report.
    this.highestCount = -1n;
    /// 'running', 'finishing' (the finish waits for the interval's end) or 'finished'.
    this.phase = 'running';
  }

  /// A deep copy, for `clone`: the two evolve apart, as two copies of a Swift value do.
  clone() {
    const copy = new ProgressThrottle(this.intervalMilliseconds, this.keepAliveMilliseconds);
    copy.lastSentAt = this.lastSentAt;
    copy.lastSent = copyUpdate(this.lastSent);
    copy.held = copyUpdate(this.held);
    copy.highestCount = this.highestCount;
    copy.phase = this.phase;
    return copy;
  }

  /// When `fire` next has something to do: the end of the interval while a report is held, else the
  /// end of the keep-alive period; null before the first message and after the finish.
  get deadline() {
    if (this.lastSentAt === null || this.phase === 'finished') return null;
    if (this.held !== null) return adding(this.lastSentAt, this.intervalMilliseconds);
    return adding(this.lastSentAt, this.keepAliveMilliseconds);
  }

  /// The time since the last message on this node's clock, never negative.
  elapsed(sentAt, now) {
    const difference = wrappingSubtract(now, sentAt);
    return difference > 0n ? difference : 0n;
  }

  /// Decides one report: {kind: 'sent', reason}, {kind: 'held'}, {kind: 'stale'} or {kind: 'afterFinish'}.
  offer(update, now) {
    if (this.phase !== 'running') return { kind: 'afterFinish' };
    if (update.processedCount < this.highestCount) return { kind: 'stale' };
    this.highestCount = update.processedCount;
    if (this.lastSentAt === null) {
      this.send(update, now);
      return { kind: 'sent', reason: 'first' };
    }
    if (this.elapsed(this.lastSentAt, now) >= this.intervalMilliseconds) {
      this.send(update, now);
      return { kind: 'sent', reason: 'interval' };
    }
    this.held = update;
    return { kind: 'held' };
  }

  /// Runs the timer: {kind: 'nothingDue'}, {kind: 'flushed', update}, {kind: 'keptAlive', update} or
  /// {kind: 'finished', flushed: update|null}.
  fire(now) {
    const deadline = this.deadline;
    if (deadline === null || now < deadline) return { kind: 'nothingDue' };
    switch (this.phase) {
      case 'finished':
        return { kind: 'nothingDue' };
      case 'finishing': {
        const flushed = this.held;
        this.held = null;
        if (flushed !== null) this.send(flushed, now);
        this.phase = 'finished';
        return { kind: 'finished', flushed };
      }
      default: { // running
        const held = this.held;
        if (held !== null) {
          this.send(held, now);
          return { kind: 'flushed', update: held };
        }
        // The deadline exists only once something was sent, so lastSent is there. Only the time of
        // the last message moves; lastSent stays the report itself, not marked keep-alive.
        const alive = { ...this.lastSent, keepAlive: true };
        this.lastSentAt = now;
        return { kind: 'keptAlive', update: alive };
      }
    }
  }

  /// The job has finished: {kind: 'now', flushed: update|null}, {kind: 'deferred', until} or
  /// {kind: 'alreadyFinished'}.
  finish(now) {
    if (this.phase !== 'running') return { kind: 'alreadyFinished' };
    const held = this.held;
    if (held === null) {
      this.phase = 'finished';
      return { kind: 'now', flushed: null };
    }
    // A report is held only after a message was sent inside the interval, so lastSentAt is there.
    const sentAt = this.lastSentAt;
    if (this.elapsed(sentAt, now) >= this.intervalMilliseconds) {
      this.send(held, now);
      this.phase = 'finished';
      return { kind: 'now', flushed: held };
    }
    const until = adding(sentAt, this.intervalMilliseconds); // computed first: a trap changes nothing
    this.phase = 'finishing';
    return { kind: 'deferred', until };
  }

  send(update, now) {
    this.lastSentAt = now;
    this.lastSent = update;
    this.held = null;
  }
}

// MARK: - The wire

/// An Update from a request (ProcessThrottle.decodeUpdate): counts are non-negative integers,
/// `currentTitle` and `userMessage` optional strings, `keepAlive` an optional boolean (false).
function decodeUpdate(field) {
  const processedField = field.field('processedCount');
  const totalField = field.field('totalCount');
  const processedCount = processedField.int();
  const totalCount = totalField.int();
  if (processedCount < 0n) throw processedField.invalid('must not be negative');
  if (totalCount < 0n) throw totalField.invalid('must not be negative');
  return {
    processedCount,
    totalCount,
    currentTitle: field.optional('currentTitle', (f) => f.string()),
    userMessage: field.optional('userMessage', (f) => f.string()),
    keepAlive: field.optional('keepAlive', (f) => f.bool()) ?? false,
  };
}

/// An Update for an answer (ProcessThrottle.encode): absent texts are left out.
function encodeUpdate(update) {
  if (update === null) return null;
  return {
    processedCount: update.processedCount,
    totalCount: update.totalCount,
    currentTitle: update.currentTitle,
    userMessage: update.userMessage,
    keepAlive: update.keepAlive,
  };
}

/// The seam's instance for the adapter: method name → answer.
class ThrottleInstance {
  constructor(throttle = new ProgressThrottle()) {
    this.throttle = throttle;
  }

  clone() {
    return new ThrottleInstance(this.throttle.clone());
  }

  call(methodField, now, input) {
    switch (methodField.string()) {
      case 'deadline':
        return this.throttle.deadline;
      case 'offer': {
        const update = decodeUpdate(input.field('update'));
        return this.throttle.offer(update, now());
      }
      case 'fire': {
        const outcome = this.throttle.fire(now());
        if (outcome.kind === 'flushed' || outcome.kind === 'keptAlive') return { kind: outcome.kind, update: encodeUpdate(outcome.update) };
        if (outcome.kind === 'finished') return { kind: 'finished', flushed: encodeUpdate(outcome.flushed) };
        return outcome;
      }
      case 'finish': {
        const outcome = this.throttle.finish(now());
        if (outcome.kind === 'now') return { kind: 'now', flushed: encodeUpdate(outcome.flushed) };
        return outcome;
      }
      default:
        throw methodField.invalid('a throttle has deadline, offer, fire and finish');
    }
  }
}

module.exports = { ProgressThrottle, ThrottleInstance, INTERVAL_MILLISECONDS, KEEP_ALIVE_MILLISECONDS };
