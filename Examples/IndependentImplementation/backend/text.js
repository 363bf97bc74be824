'use strict';
// Small helpers shared by the backend modules: UTF-8 sizes, cutting a text at
// a Unicode scalar boundary, and Int64 arithmetic that saturates instead of
// overflowing (the kit sends instants anywhere in Int64).

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

// The frame limit for one user-visible text (a title, a user message).
const MAX_TEXT_BYTES = 4096;

function utf8Length(s) {
  return Buffer.byteLength(s, 'utf8');
}

// The longest prefix of whole Unicode scalars whose UTF-8 encoding is at most
// maxBytes bytes. A lone surrogate counts as the 3 bytes of U+FFFD.
function cutUtf8(s, maxBytes = MAX_TEXT_BYTES) {
  if (s.length * 3 <= maxBytes) return s; // cannot exceed: every UTF-16 unit is at most 3 bytes
  let bytes = 0;
  let i = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i);
    const units = cp > 0xffff ? 2 : 1;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) return s.slice(0, i);
    bytes += size;
    i += units;
  }
  return s;
}

function clampInt64(x) {
  if (x > INT64_MAX) return INT64_MAX;
  if (x < INT64_MIN) return INT64_MIN;
  return x;
}

// a + b saturated to Int64.
function addSat(a, b) {
  return clampInt64(a + b);
}

function toBig(x, what) {
  if (typeof x === 'bigint') return x;
  if (typeof x === 'number' && Number.isInteger(x)) return BigInt(x);
  throw new Error(`${what}: expected an integer`);
}

module.exports = { INT64_MAX, INT64_MIN, MAX_TEXT_BYTES, utf8Length, cutUtf8, clampInt64, addSat, toBig };
