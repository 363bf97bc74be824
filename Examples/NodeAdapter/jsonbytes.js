'use strict';
// The model's strict JSON parser over UTF-8 bytes, with its exact errors and byte offsets, for request
// bodies that arrive as bytes and may be hostile (the cancel endpoint's body, seam
// `enrichment-job-backend`). A port of:
//
// - Sources/TextFormats/JSON/JSONParser.swift      (the grammar, the order of its checks, the offsets)
// - Sources/TextFormats/JSON/JSONParseError.swift  (the messages, word for word)
// - Sources/TextFormats/JSON/JSONParseLimits.swift (the default limits)
// - Sources/TextFormats/Text/UTF8.swift            (UTF8Lead, UTF8Defect: Unicode's Table 3-7)
//
// D-014: strict RFC 8259. A byte order mark, integers outside Int64, numbers beyond Double, lone
// surrogate escapes, ill-formed UTF-8, duplicate keys and nesting beyond 64 are errors naming the byte
// where the parser stopped. A client reads that offset from `error.details.offset` of the endpoint's
// INVALID_JSON answer, so it must be the model's to the byte.
//
// json.js's `parse` reads the adapter's own request lines (already a JS string); this one reads raw
// bytes, so every offset counts bytes, not UTF-16 code units. The values it returns have json.js's
// representation (BigInt integers, numbers for doubles, null-prototype objects), so `kindOf` applies.
//
// The Swift parser is iterative; this one recurses, which is safe because nesting is bounded by
// `depthMax` (64). The checks happen in the same order, so the first problem found is the same.

const { INT64_MIN, INT64_MAX, swiftDoubleDescription } = require('./json');

/// JSONParseLimits.default.
const DEFAULT_LIMITS = Object.freeze({
  bytesMax: 1048576, depthMax: 64, stringBytesMax: 65536, membersMax: 10000, numberBytesMax: 100,
});

// MARK: - Errors (JSONParseError.swift)

/// JSONParseError.Expectation's descriptions, by case.
const EXPECTED = {
  value: 'a value',
  valueOrArrayEnd: "a value or ']'",
  arrayCommaOrEnd: "',' or ']' after an array element",
  keyOrObjectEnd: "a string key or '}'",
  key: "a string key after ',' in an object",
  colon: "':' after an object key",
  objectCommaOrEnd: "',' or '}' after an object member",
  integerDigit: 'a digit to start the number',
  fractionDigit: 'a digit after the decimal point',
  exponentDigit: 'a digit in the exponent',
  escapeCharacter: 'an escape character (one of " \\ / b f n r t u) after \'\\\'',
  hexDigit: 'a hexadecimal digit in a \\u escape',
  stringEnd: "a closing '\"'",
  documentEnd: 'the end of the document (only whitespace may follow the top-level value)',
  literal: (name) => `the literal ${name}`,
};

/// UTF8Defect's descriptions.
const UTF8_DEFECTS = {
  unexpectedContinuationByte: 'a continuation byte with no lead byte',
  invalidLeadByte: 'a byte that never appears in UTF-8 (0xF5-0xFF)',
  overlongEncoding: 'an overlong encoding',
  encodedSurrogate: 'a UTF-16 surrogate encoded as UTF-8',
  beyondUnicode: 'a code point above U+10FFFF',
  truncatedSequence: 'a truncated multi-byte sequence',
};

/// JSONParseError.hex: `0x` and two uppercase digits.
function hex(byte) {
  return '0x' + byte.toString(16).toUpperCase().padStart(2, '0');
}

/// JSONParseError.hex4: four uppercase digits.
function hex4(unit) {
  return unit.toString(16).toUpperCase().padStart(4, '0');
}

/// JSONParseError.Found's description: a byte (or the end) where the grammar wanted something else.
function found(byte) {
  if (byte === undefined) return 'the end of the document';
  if (byte >= 0x21 && byte <= 0x7e) return `'${String.fromCharCode(byte)}'`;
  if (byte === 0x20) return 'a space';
  return 'byte ' + hex(byte);
}

/// JSONParseError.keyShownMax and quoted(_:): a key in a message, cut to 60 Unicode scalars.
const KEY_SHOWN_MAX = 60;
function quoted(key) {
  const scalars = [...key]; // code points: a surrogate pair is one scalar
  if (scalars.length <= KEY_SHOWN_MAX) return `"${key}"`;
  return `"${scalars.slice(0, KEY_SHOWN_MAX).join('')}…" (${scalars.length} characters)`;
}

/// A JSONParseError: `message` is the Swift error's description and `offset` its `offset`.
class JSONBytesError extends Error {
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }

  static documentTooLarge(bytes, bytesMax) {
    return new JSONBytesError(`document of ${bytes} bytes exceeds bytesMax ${bytesMax}`, bytesMax);
  }

  static byteOrderMark() {
    return new JSONBytesError('byte order mark (EF BB BF) at byte 0: JSON sent over a network must not start with one (RFC 8259 §8.1); remove it', 0);
  }

  /// `expected` is a key of EXPECTED, or a string already described (a literal's); `byte` undefined
  /// for the end of the document.
  static unexpected(expected, byte, offset) {
    const what = EXPECTED[expected] ?? expected;
    return new JSONBytesError(`expected ${what} at byte ${offset}, found ${found(byte)}`, offset);
  }

  static leadingZero(offset) {
    return new JSONBytesError(`digit after a leading zero at byte ${offset}: numbers are written 0, 0.5 or 10, never 01`, offset);
  }

  static integerOutOfRange(offset) {
    return new JSONBytesError(`integer at byte ${offset} is outside the Int64 range ${INT64_MIN}...${INT64_MAX}; integers are kept exactly, so send a larger number with a fraction or an exponent (as a double)`, offset);
  }

  static doubleOutOfRange(offset) {
    return new JSONBytesError(`number at byte ${offset} is too large for a Double (magnitude above ${swiftDoubleDescription(Number.MAX_VALUE)})`, offset);
  }

  static numberTooLong(bytes, numberBytesMax, offset) {
    return new JSONBytesError(`number of ${bytes} bytes at byte ${offset} exceeds numberBytesMax ${numberBytesMax}`, offset);
  }

  static invalidUTF8(defect, offset) {
    return new JSONBytesError(`invalid UTF-8 at byte ${offset}: ${UTF8_DEFECTS[defect]}`, offset);
  }

  static controlCharacterInString(byte, offset) {
    return new JSONBytesError(`control character ${hex(byte)} in a string at byte ${offset}: escape it (\\n, \\t, \\u00XX)`, offset);
  }

  static loneSurrogate(unit, offset) {
    return new JSONBytesError(`lone surrogate escape \\u${hex4(unit)} at byte ${offset}: a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape, and a low surrogate cannot stand alone`, offset);
  }

  static stringTooLong(stringBytesMax, offset) {
    return new JSONBytesError(`string at byte ${offset} is longer than stringBytesMax ${stringBytesMax} bytes`, offset);
  }

  static nestingTooDeep(depthMax, offset) {
    return new JSONBytesError(`nesting deeper than ${depthMax} at byte ${offset}`, offset);
  }

  static tooManyMembers(membersMax, offset) {
    return new JSONBytesError(`more than membersMax ${membersMax} elements or members in one array or object at byte ${offset}`, offset);
  }

  static duplicateKey(key, offset) {
    return new JSONBytesError(`duplicate key ${quoted(key)} at byte ${offset}: each key may appear once in an object`, offset);
  }
}

// MARK: - UTF-8 (UTF8.swift)

/// UTF8Lead.classify: what a lead byte of 0x80 or more says must follow it, or the defect it is.
function classifyLead(lead) {
  if (lead >= 0x80 && lead <= 0xbf) return { defect: 'unexpectedContinuationByte' };
  if (lead === 0xc0 || lead === 0xc1) return { defect: 'overlongEncoding' };
  if (lead <= 0xdf) return { continuations: 1, secondLow: 0x80, secondHigh: 0xbf, outsideSecond: 'truncatedSequence' };
  if (lead === 0xe0) return { continuations: 2, secondLow: 0xa0, secondHigh: 0xbf, outsideSecond: 'overlongEncoding' };
  if (lead === 0xed) return { continuations: 2, secondLow: 0x80, secondHigh: 0x9f, outsideSecond: 'encodedSurrogate' };
  if (lead <= 0xef) return { continuations: 2, secondLow: 0x80, secondHigh: 0xbf, outsideSecond: 'truncatedSequence' };
  if (lead === 0xf0) return { continuations: 3, secondLow: 0x90, secondHigh: 0xbf, outsideSecond: 'overlongEncoding' };
  if (lead <= 0xf3) return { continuations: 3, secondLow: 0x80, secondHigh: 0xbf, outsideSecond: 'truncatedSequence' };
  if (lead === 0xf4) return { continuations: 3, secondLow: 0x80, secondHigh: 0x8f, outsideSecond: 'beyondUnicode' };
  return { defect: 'invalidLeadByte' };
}

/// UTF8Lead.defect(of:atPosition:): the defect of `byte` `position` bytes after the lead, or null.
function continuationDefect(lead, byte, position) {
  const low = position === 1 ? lead.secondLow : 0x80;
  const high = position === 1 ? lead.secondHigh : 0xbf;
  if (byte >= low && byte <= high) return null;
  return byte >= 0x80 && byte <= 0xbf ? lead.outsideSecond : 'truncatedSequence';
}

/// UTF8Encoding.append: a scalar as one to four bytes.
function appendUTF8(scalar, bytes) {
  if (scalar < 0x80) {
    bytes.push(scalar);
  } else if (scalar < 0x800) {
    bytes.push(0xc0 | (scalar >> 6), 0x80 | (scalar & 0x3f));
  } else if (scalar < 0x10000) {
    bytes.push(0xe0 | (scalar >> 12), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f));
  } else {
    bytes.push(0xf0 | (scalar >> 18), 0x80 | ((scalar >> 12) & 0x3f), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f));
  }
}

// MARK: - The parser (JSONParser.swift)

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isDigit = (byte) => byte >= 0x30 && byte <= 0x39;

/// JSONValue(parsing: bytes, limits:): one JSON document from `bytes` (a Buffer or Uint8Array), or a
/// thrown JSONBytesError with the model's message and offset.
function parseBytes(bytes, limits = DEFAULT_LIMITS) {
  const count = bytes.length;
  if (count > limits.bytesMax) throw JSONBytesError.documentTooLarge(count, limits.bytesMax);
  let index = 0;

  function skipWhitespace() {
    while (index < count) {
      const byte = bytes[index];
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) index += 1;
      else return;
    }
  }

  /// A value starting here (after whitespace); `expecting` names what the grammar allows, for the error
  /// when nothing valid starts here; `depth` is the number of arrays and objects open around it.
  function value(expecting, depth) {
    skipWhitespace();
    if (index >= count) throw JSONBytesError.unexpected(expecting, undefined, index);
    const byte = bytes[index];
    switch (byte) {
      case 0x5b: return array(depth); // [
      case 0x7b: return object(depth); // {
      case QUOTE: return string();
      case 0x74: literal('true'); return true;
      case 0x66: literal('false'); return false;
      case 0x6e: literal('null'); return null;
      default:
        if (byte === 0x2d || isDigit(byte)) return number();
        throw JSONBytesError.unexpected(expecting, byte, index);
    }
  }

  function array(depth) {
    if (depth >= limits.depthMax) throw JSONBytesError.nestingTooDeep(limits.depthMax, index);
    index += 1; // [
    skipWhitespace();
    const elements = [];
    if (index < count && bytes[index] === 0x5d) { index += 1; return elements; }
    let expecting = 'valueOrArrayEnd';
    for (;;) {
      elements.push(value(expecting, depth + 1));
      skipWhitespace();
      if (index >= count) throw JSONBytesError.unexpected('arrayCommaOrEnd', undefined, index);
      const byte = bytes[index];
      if (byte === 0x2c) { // ,
        index += 1;
        skipWhitespace();
        if (elements.length >= limits.membersMax) throw JSONBytesError.tooManyMembers(limits.membersMax, index);
        expecting = 'value';
      } else if (byte === 0x5d) { // ]
        index += 1;
        return elements;
      } else {
        throw JSONBytesError.unexpected('arrayCommaOrEnd', byte, index);
      }
    }
  }

  function object(depth) {
    if (depth >= limits.depthMax) throw JSONBytesError.nestingTooDeep(limits.depthMax, index);
    index += 1; // {
    skipWhitespace();
    const members = Object.create(null);
    if (index < count && bytes[index] === 0x7d) { index += 1; return members; }
    let memberCount = 0;
    let key = memberKey('keyOrObjectEnd', members);
    for (;;) {
      members[key] = value('value', depth + 1);
      memberCount += 1;
      skipWhitespace();
      if (index >= count) throw JSONBytesError.unexpected('objectCommaOrEnd', undefined, index);
      const byte = bytes[index];
      if (byte === 0x2c) { // ,
        index += 1;
        skipWhitespace();
        if (memberCount >= limits.membersMax) throw JSONBytesError.tooManyMembers(limits.membersMax, index);
        key = memberKey('key', members);
      } else if (byte === 0x7d) { // }
        index += 1;
        return members;
      } else {
        throw JSONBytesError.unexpected('objectCommaOrEnd', byte, index);
      }
    }
  }

  /// JSONParser.parseKey: a key and its colon. A key the object already has (by UTF-8 bytes, which for
  /// valid text is JS string equality) is refused at its opening quote, before the colon is looked for.
  function memberKey(expected, members) {
    if (index >= count) throw JSONBytesError.unexpected(expected, undefined, index);
    if (bytes[index] !== QUOTE) throw JSONBytesError.unexpected(expected, bytes[index], index);
    const keyOffset = index;
    const key = string();
    if (Object.prototype.hasOwnProperty.call(members, key)) throw JSONBytesError.duplicateKey(key, keyOffset);
    skipWhitespace();
    if (index >= count) throw JSONBytesError.unexpected('colon', undefined, index);
    if (bytes[index] !== 0x3a) throw JSONBytesError.unexpected('colon', bytes[index], index);
    index += 1;
    return key;
  }

  function literal(name) {
    for (let i = 0; i < name.length; i += 1) {
      if (index >= count) throw JSONBytesError.unexpected(EXPECTED.literal(name), undefined, index);
      if (bytes[index] !== name.charCodeAt(i)) throw JSONBytesError.unexpected(EXPECTED.literal(name), bytes[index], index);
      index += 1;
    }
  }

  /// JSONParser.parseString: a string from its opening quote, its bytes checked as UTF-8.
  function string() {
    const start = index;
    const decoded = [];
    index += 1;
    for (;;) {
      if (index >= count) throw JSONBytesError.unexpected('stringEnd', undefined, index);
      const byte = bytes[index];
      if (byte === QUOTE) {
        index += 1;
        return Buffer.from(decoded).toString('utf8');
      }
      if (byte === BACKSLASH) {
        escape(decoded);
      } else if (byte < 0x20) {
        throw JSONBytesError.controlCharacterInString(byte, index);
      } else if (byte < 0x80) {
        decoded.push(byte);
        index += 1;
      } else {
        utf8Sequence(decoded);
      }
      // (Swift's fast path for plain ASCII checks the same bound once, at the closing quote.)
      if (decoded.length > limits.stringBytesMax) throw JSONBytesError.stringTooLong(limits.stringBytesMax, start);
    }
  }

  /// JSONParser.parseEscape: an escape from its backslash.
  function escape(decoded) {
    const escapeStart = index;
    index += 1;
    if (index >= count) throw JSONBytesError.unexpected('escapeCharacter', undefined, index);
    const letter = bytes[index];
    const simple = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09 }[letter];
    if (simple === undefined && letter !== 0x75) throw JSONBytesError.unexpected('escapeCharacter', letter, index);
    index += 1;
    if (simple !== undefined) {
      decoded.push(simple);
      return;
    }
    const unit = hexUnit();
    let scalar;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate must be followed at once by a `\u` escape of a low surrogate.
      if (!(index + 1 < count && bytes[index] === BACKSLASH && bytes[index + 1] === 0x75)) throw JSONBytesError.loneSurrogate(unit, escapeStart);
      index += 2;
      const low = hexUnit();
      if (!(low >= 0xdc00 && low <= 0xdfff)) throw JSONBytesError.loneSurrogate(unit, escapeStart);
      scalar = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      throw JSONBytesError.loneSurrogate(unit, escapeStart);
    } else {
      scalar = unit;
    }
    appendUTF8(scalar, decoded);
  }

  /// JSONParser.parseHex4.
  function hexUnit() {
    let unit = 0;
    for (let i = 0; i < 4; i += 1) {
      if (index >= count) throw JSONBytesError.unexpected('hexDigit', undefined, index);
      const byte = bytes[index];
      let digit;
      if (isDigit(byte)) digit = byte - 0x30;
      else if (byte >= 0x61 && byte <= 0x66) digit = byte - 0x61 + 10;
      else if (byte >= 0x41 && byte <= 0x46) digit = byte - 0x41 + 10;
      else throw JSONBytesError.unexpected('hexDigit', byte, index);
      unit = (unit << 4) | digit;
      index += 1;
    }
    return unit;
  }

  /// JSONParser.copyUTF8Sequence: a multi-byte sequence, validated (RFC 3629 §4), errors at its lead.
  function utf8Sequence(decoded) {
    const start = index;
    const lead = classifyLead(bytes[index]);
    if (lead.defect) throw JSONBytesError.invalidUTF8(lead.defect, start);
    for (let position = 1; position <= lead.continuations; position += 1) {
      if (start + position >= count) throw JSONBytesError.invalidUTF8('truncatedSequence', start);
      const defect = continuationDefect(lead, bytes[start + position], position);
      if (defect !== null) throw JSONBytesError.invalidUTF8(defect, start);
    }
    for (let i = start; i <= start + lead.continuations; i += 1) decoded.push(bytes[i]);
    index = start + lead.continuations + 1;
  }

  /// JSONParser.parseNumber: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  function number() {
    const start = index;
    const isNegative = bytes[index] === 0x2d;
    if (isNegative) index += 1;
    if (index >= count) throw JSONBytesError.unexpected('integerDigit', undefined, index);
    const first = bytes[index];
    if (first === 0x30) {
      index += 1;
      if (index < count && isDigit(bytes[index])) throw JSONBytesError.leadingZero(index);
    } else if (isDigit(first)) {
      skipDigits();
    } else {
      throw JSONBytesError.unexpected('integerDigit', first, index);
    }
    let isInteger = true;
    if (index < count && bytes[index] === 0x2e) { // .
      isInteger = false;
      index += 1;
      requireDigit('fractionDigit');
      skipDigits();
    }
    if (index < count && (bytes[index] === 0x65 || bytes[index] === 0x45)) { // e E
      isInteger = false;
      index += 1;
      if (index < count && (bytes[index] === 0x2b || bytes[index] === 0x2d)) index += 1;
      requireDigit('exponentDigit');
      skipDigits();
    }
    const length = index - start;
    if (length > limits.numberBytesMax) throw JSONBytesError.numberTooLong(length, limits.numberBytesMax, start);
    const text = Buffer.from(bytes.subarray(start, index)).toString('latin1'); // ASCII digits and signs
    if (isInteger) {
      const integer = BigInt(text); // exact; "-0" is the integer 0
      if (integer < INT64_MIN || integer > INT64_MAX) throw JSONBytesError.integerOutOfRange(start);
      return integer;
    }
    // Correctly rounded, as Swift's Double(String): an infinity on overflow, zero on underflow.
    const double = Number(text);
    if (!Number.isFinite(double)) throw JSONBytesError.doubleOutOfRange(start);
    return double;
  }

  function skipDigits() {
    while (index < count && isDigit(bytes[index])) index += 1;
  }

  function requireDigit(expected) {
    if (index >= count) throw JSONBytesError.unexpected(expected, undefined, index);
    if (!isDigit(bytes[index])) throw JSONBytesError.unexpected(expected, bytes[index], index);
  }

  // JSONParser.parseDocument: no byte order mark, one value, then only whitespace.
  if (count >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw JSONBytesError.byteOrderMark();
  const result = value('value', 0);
  skipWhitespace();
  if (index !== count) throw JSONBytesError.unexpected('documentEnd', bytes[index], index);
  return result;
}

module.exports = { DEFAULT_LIMITS, JSONBytesError, parseBytes };
