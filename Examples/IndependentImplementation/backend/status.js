'use strict';
// User-friendly status messages (Seed 003, Task 4): StatusMessageFormatter.
//
// Percentages are computed exactly (integers, or the decimal a fraction is
// written as), never floored in doubles: 29 of 100 is 29 %, and so is 0.29.
// The time estimate uses the job's real start (the seed's formatter forgot
// to pass it, so its estimate was always null).

const { JFloat } = require('./wire');
const { cutUtf8, utf8Length, clampInt64, toBig, MAX_TEXT_BYTES } = require('./text');

const ELLIPSIS = '\u2026';

// Renders template(title); if the result is over the frame's text limit, the
// title (not the counts around it) is shortened, ending in an ellipsis.
function withTitle(template, title) {
  const full = template(title);
  if (utf8Length(full) <= MAX_TEXT_BYTES) return full;
  const room = MAX_TEXT_BYTES - utf8Length(template('')) - utf8Length(ELLIPSIS);
  return template(cutUtf8(title, Math.max(0, room)) + ELLIPSIS);
}

function ceilDiv(a, b) {
  return (a + b - 1n) / b; // a >= 0, b > 0
}

function enrichmentStatus(input, now) {
  const processed = toBig(input.processed, 'processed');
  const total = toBig(input.total, 'total');
  const title = typeof input.currentTitle === 'string' ? input.currentTitle : '';
  const hasError = input.hasError === true;
  const startedAt = toBig(input.jobStartedAt, 'jobStartedAt');

  if (hasError) {
    return {
      userMessage: withTitle((t) => `\u26A0\uFE0F Couldn't find details for ${t}`, title),
      technicalMessage: withTitle((t) => `Enrichment failed (${processed}/${total}): ${t}`, title),
    };
  }

  // Figures from counts brought into range: 0 <= done <= all.
  const all = total < 0n ? 0n : total;
  let done = processed < 0n ? 0n : processed;
  if (done > all) done = all;
  const percentage = all === 0n ? 100n : (done * 100n) / all;
  const remaining = all - done;

  let estimate = null;
  const elapsed = now - startedAt;
  if (remaining === 0n) estimate = 0n;
  else if (done > 0n && elapsed >= 0n) estimate = clampInt64(ceilDiv(remaining * elapsed, done * 1000n));

  return {
    userMessage: withTitle((t) => `Finding details for ${t}... ${processed} of ${total} books complete`, title),
    technicalMessage: withTitle((t) => `Enriching (${processed}/${total}): ${t}`, title),
    percentage,
    remaining,
    estimatedSecondsRemaining: estimate,
  };
}

// floor(100 * x) for x in (0, 1), from the shortest decimal that reads back as
// x (what a person sees when the double is printed), exactly.
function floorPercentOfDecimal(x) {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (!m) return BigInt(Math.floor(x * 100));
  const frac = m[2] || '';
  const digits = BigInt(m[1] + frac);
  const shift = (m[3] ? parseInt(m[3], 10) : 0) - frac.length + 2;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  return digits / 10n ** BigInt(-shift);
}

function fractionValue(f) {
  if (f instanceof JFloat) return f.value;
  if (typeof f === 'bigint') return Number(f);
  if (typeof f === 'number') return f;
  if (f === 'NaN') return NaN;
  if (f === 'Infinity') return Infinity;
  if (f === '-Infinity') return -Infinity;
  throw new Error('fraction: expected a number, "NaN", "Infinity" or "-Infinity"');
}

function csvPercentage(fraction) {
  const x = fractionValue(fraction);
  if (Number.isNaN(x) || x <= 0) return 0n; // unknown or not started
  if (x >= 1) return 100n;
  const p = floorPercentOfDecimal(x);
  return p < 0n ? 0n : p > 100n ? 100n : p;
}

const CSV_PHASES = {
  parsing: (p) => `\u{1F4C4} Reading your library export... ${p}% complete`,
  validating: (p) => `\u2705 Validating book data... ${p}% complete`,
  saving: (p) => `\u{1F4BE} Adding books to your library... ${p}% complete`,
};

function csvImportStatus(input) {
  const phase = Object.prototype.hasOwnProperty.call(CSV_PHASES, input.phase) ? input.phase : 'parsing';
  const percentage = csvPercentage(input.fraction);
  return {
    userMessage: CSV_PHASES[phase](percentage),
    technicalMessage: `CSV ${phase} (${percentage}%)`,
    percentage,
    phase,
  };
}

const AI_PHASES = {
  uploading: '\u{1F4E4} Uploading photo...',
  analyzing: '\u{1F50D} Analyzing bookshelf with AI...',
  extracting: '\u{1F4DA} Detecting book titles...',
  enriching: '\u2728 Finding cover art and details...',
  complete: '\u2705 Scan complete!',
};

function aiScanStatus(input) {
  const phase = Object.prototype.hasOwnProperty.call(AI_PHASES, input.phase) ? input.phase : 'analyzing';
  return {
    userMessage: AI_PHASES[phase],
    technicalMessage: `AI scan: ${phase}`,
    phase,
  };
}

module.exports = { enrichmentStatus, csvImportStatus, aiScanStatus, csvPercentage, floorPercentOfDecimal };
