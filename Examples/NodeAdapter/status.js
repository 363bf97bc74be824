'use strict';
// Seam `status-messages`: a port of ModelStatusMessageFormatter
// (Sources/SpecConformance/Progress/StatusMessageFormatting.swift), which is StatusMessageFormatter and
// TimeRemainingEstimate (Sources/SpecModel/Progress/Status/).
//
// Seed 003_…, Task 4, "User-Friendly Status Messages" (`status-messages.js`), as the model keeps it:
// - counts from the wire are clamped: negative is 0, processed at most total (D-088);
// - the percentage is floor(processed × 100 / total) computed exactly in integers (29 of 100 is 29%,
//   where the seed's `Math.floor(29 / 100 * 100)` gives 28); a total of 0 is 100% (D-088);
// - a CSV fraction is clamped to 0...1, NaN as 0, and its percentage is the seed's floating-point
//   `Math.floor(progress * 100)` (0.29 gives 28) (D-089);
// - titles are cut to 1,000 UTF-8 bytes at a scalar boundary (D-084);
// - the estimate is ceil(remaining × elapsed / (processed × 1000)) seconds, exactly, saturating at
//   Int.max (D-091).
//
// Swift's Int is 64 bits and the kit sends counts and times anywhere in Int64, so every count and time
// here is a BigInt: JavaScript numbers are exact only to 2^53.

const { INT64_MAX, scalarPrefix } = require('./json');

/// The most UTF-8 bytes of a book title a message quotes.
const TITLE_BYTES_MAX = 1000;
const UINT64_MAX = (1n << 64n) - 1n;

// The seed's emoji, by code point (the seed's document is UTF-8 once misread as Mac Roman).
const WARNING_SIGN = '\u26A0\uFE0F'; // ⚠️
const PAGE_FACING_UP = '\u{1F4C4}'; // 📄
const CHECK_MARK = '\u2705'; // ✅
const FLOPPY_DISK = '\u{1F4BE}'; // 💾
const OUTBOX_TRAY = '\u{1F4E4}'; // 📤
const MAGNIFYING_GLASS = '\u{1F50D}'; // 🔍
const BOOKS = '\u{1F4DA}'; // 📚
const SPARKLES = '\u2728'; // ✨

const CSV_IMPORT_PHASES = ['parsing', 'validating', 'saving'];
const AI_SCAN_PHASES = ['uploading', 'analyzing', 'extracting', 'enriching', 'complete'];

/// StatusMessageFormatter.clampedCounts: neither negative, processed at most total.
function clampedCounts(processed, total) {
  const t = total > 0n ? total : 0n;
  const p = processed < 0n ? 0n : processed > t ? t : processed;
  return [p, t];
}

/// StatusMessageFormatter.percentage(processed:total:): floor(processed × 100 / total), exactly (the
/// model's double-width product); 100 when the total is 0.
function countPercentage(processed, total) {
  const [p, t] = clampedCounts(processed, total);
  if (t === 0n) return 100n;
  return (p * 100n) / t; // BigInt division truncates; both are non-negative, so this is the floor
}

/// StatusMessageFormatter.percentage(fraction:): the seed's Math.floor(progress * 100) in doubles,
/// after clamping to 0...1 (NaN counts as 0).
function fractionPercentage(fraction) {
  const clamped = Number.isNaN(fraction) ? 0 : Math.min(Math.max(fraction, 0), 1);
  return BigInt(Math.floor(clamped * 100)); // 0...100; -0 becomes 0n
}

/// TimeRemainingEstimate.secondsRemaining: the seconds until done, or null when unknown.
function secondsRemaining(processed, total, start, now) {
  const [p, t] = clampedCounts(processed, total);
  const remaining = t - p;
  if (remaining === 0n) return 0n; // done, whatever the clock says
  if (now < start) return null; // the clock went backwards: no estimate
  if (p === 0n) return null; // no rate to go by yet
  const elapsedMilliseconds = now - start; // 0 ... 2^64 - 1, exact
  const product = remaining * elapsedMilliseconds;
  const quotient = product / p;
  const remainder = product % p;
  // The model's quotient is a UInt64: past that, the estimate saturates.
  if (quotient > UINT64_MAX) return INT64_MAX;
  let milliseconds = quotient;
  if (remainder > 0n) {
    if (milliseconds === UINT64_MAX) return INT64_MAX;
    milliseconds += 1n;
  }
  // ceil(ceil(a / b) / c) == ceil(a / (b × c)) for positive integers.
  const seconds = milliseconds / 1000n + (milliseconds % 1000n === 0n ? 0n : 1n);
  return seconds > INT64_MAX ? INT64_MAX : seconds;
}

/// A line as the seam answers it: {userMessage, technicalMessage, percentage?, remaining?,
/// estimatedSecondsRemaining?, phase?}, absent figures left out (AdapterServerValues.encode(StatusLine)).
function line(userMessage, technicalMessage, { percentage, remaining, estimatedSecondsRemaining, phase } = {}) {
  return { userMessage, technicalMessage, percentage, remaining, estimatedSecondsRemaining, phase };
}

/// StatusMessageFormatter.enrichmentProgress with TimeRemainingEstimate (ModelStatusMessageFormatter).
///
/// Seed: formatEnrichmentProgress. "Finding details for <title>... <p> of <t> books complete" /
/// "Enriching (<p>/<t>): <title>"; not found: "⚠️ Couldn't find details for <title>" / "Enrichment
/// failed (<p>/<t>): <title>", with the same figures (D-090).
function enrichmentStatus({ processed, total, currentTitle, hasError, jobStartedAt, now }) {
  const estimate = secondsRemaining(processed, total, jobStartedAt, now);
  const [p, t] = clampedCounts(processed, total);
  const title = scalarPrefix(currentTitle, TITLE_BYTES_MAX);
  const figures = {
    percentage: countPercentage(p, t),
    remaining: t - p,
    estimatedSecondsRemaining: estimate !== null && estimate >= 0n ? estimate : undefined,
  };
  if (hasError) {
    return line(`${WARNING_SIGN} Couldn't find details for ${title}`, `Enrichment failed (${p}/${t}): ${title}`, figures);
  }
  return line(`Finding details for ${title}... ${p} of ${t} books complete`, `Enriching (${p}/${t}): ${title}`, figures);
}

/// StatusMessageFormatter.csvImportProgress. Seed: formatCSVImportProgress.
function csvImportStatus(fraction, phase) {
  const percentage = fractionPercentage(fraction);
  let userMessage;
  switch (phase) {
    case 'parsing': userMessage = `${PAGE_FACING_UP} Reading your library export... ${percentage}% complete`; break;
    case 'validating': userMessage = `${CHECK_MARK} Validating book data... ${percentage}% complete`; break;
    default: userMessage = `${FLOPPY_DISK} Adding books to your library... ${percentage}% complete`; break; // saving
  }
  return line(userMessage, `CSV ${phase} (${percentage}%)`, { percentage, phase });
}

/// StatusMessageFormatter.aiScanProgress. Seed: formatAIScanProgress. A phase, no figures.
function aiScanStatus(phase) {
  const userMessages = {
    uploading: `${OUTBOX_TRAY} Uploading photo...`,
    analyzing: `${MAGNIFYING_GLASS} Analyzing bookshelf with AI...`,
    extracting: `${BOOKS} Detecting book titles...`,
    enriching: `${SPARKLES} Finding cover art and details...`,
    complete: `${CHECK_MARK} Scan complete!`,
  };
  return line(userMessages[phase], `AI scan: ${phase}`, { phase });
}

// MARK: - The wire (ProcessStatusMessages.swift, AdapterServer's status case)

/// A number, or one of the strings "NaN", "Infinity", "-Infinity" (AdapterServerValues.double).
function readFraction(field) {
  if (typeof field.value === 'string') {
    switch (field.value) {
      case 'NaN': return NaN;
      case 'Infinity': return Infinity;
      case '-Infinity': return -Infinity;
      default: throw field.invalid('expected a number, NaN, Infinity or -Infinity');
    }
  }
  return field.double();
}

function readPhase(field, phases, what) {
  const phase = field.string();
  if (!phases.includes(phase)) throw field.invalid(`not ${what}`);
  return phase;
}

class StatusMessagesInstance {
  clone() {
    return new StatusMessagesInstance(); // stateless
  }

  call(methodField, now, input) {
    switch (methodField.string()) {
      case 'enrichmentStatus':
        return enrichmentStatus({
          processed: input.field('processed').int(),
          total: input.field('total').int(),
          currentTitle: input.field('currentTitle').string(),
          hasError: input.field('hasError').bool(),
          jobStartedAt: input.field('jobStartedAt').int64(),
          now: now(),
        });
      case 'csvImportStatus': {
        const phase = readPhase(input.field('phase'), CSV_IMPORT_PHASES, 'a CSV import phase');
        return csvImportStatus(readFraction(input.field('fraction')), phase);
      }
      case 'aiScanStatus':
        return aiScanStatus(readPhase(input.field('phase'), AI_SCAN_PHASES, 'an AI scan phase'));
      default:
        throw methodField.invalid('a status formatter has enrichmentStatus, csvImportStatus and aiScanStatus');
    }
  }
}

module.exports = {
  clampedCounts, countPercentage, fractionPercentage, secondsRemaining, enrichmentStatus, csvImportStatus, aiScanStatus,
  StatusMessagesInstance,
};
