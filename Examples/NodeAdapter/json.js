'use strict';
// JSON as the model reads and writes it, for the adapter and the seams' ports.
//
// JavaScript's own JSON.parse turns every number into a double, so an Int64 such as
// 9223372036854775807 (Swift's Int.max, which the kit sends on purpose) would arrive rounded. This
// parser follows the model's (Sources/TextFormats/JSON/JSONParser.swift, JSONNumber.swift) instead:
//
// - a number written without fraction or exponent is an integer, kept exactly as a BigInt, and must
//   fit Int64;
// - every other number (`1.5`, `1e3`, `100.0`) is a double, a plain JS number, and must be finite;
// - `-0` is the integer 0; `-0.0` is the double -0;
// - objects have null prototypes (a "__proto__" key is just a key) and refuse duplicate keys;
// - strings must be valid Unicode: a lone surrogate escape is refused.
//
// `encode` writes JSONValue+Encoding.swift's canonical form: object members sorted by the UTF-8 bytes
// of their keys, no whitespace, integers in plain decimal, and only `"`, `\` and U+0000–U+001F escaped
// (`\b \f \n \r \t`, otherwise `\u00xx` in lowercase hex). `/`, DEL, U+2028/U+2029 and all other
// non-ASCII text are written as they are.

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

class JSONParseError extends Error {}

/// The deepest nesting a request may have (AdapterProtocol.answerLimits.depthMax).
const DEPTH_MAX = 64;

function parse(text) {
  let index = 0;

  function fail(what) {
    throw new JSONParseError(`${what} at offset ${index}`);
  }

  function skipWhitespace() {
    while (index < text.length) {
      const c = text.charCodeAt(index);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) index += 1;
      else break;
    }
  }

  function value(depth) {
    skipWhitespace();
    if (index >= text.length) fail('unexpected end of input');
    const c = text[index];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (text.startsWith('true', index)) { index += 4; return true; }
    if (text.startsWith('false', index)) { index += 5; return false; }
    if (text.startsWith('null', index)) { index += 4; return null; }
    return fail(`unexpected character ${JSON.stringify(c)}`);
  }

  function object(depth) {
    if (depth > DEPTH_MAX) fail(`nesting deeper than ${DEPTH_MAX}`);
    index += 1; // {
    const result = Object.create(null);
    skipWhitespace();
    if (text[index] === '}') { index += 1; return result; }
    for (;;) {
      skipWhitespace();
      if (text[index] !== '"') fail('expected a key');
      const key = string();
      if (Object.prototype.hasOwnProperty.call(result, key)) fail(`duplicate key ${JSON.stringify(key)}`);
      skipWhitespace();
      if (text[index] !== ':') fail('expected ":"');
      index += 1;
      result[key] = value(depth);
      skipWhitespace();
      if (text[index] === ',') { index += 1; continue; }
      if (text[index] === '}') { index += 1; return result; }
      fail('expected "," or "}"');
    }
  }

  function array(depth) {
    if (depth > DEPTH_MAX) fail(`nesting deeper than ${DEPTH_MAX}`);
    index += 1; // [
    const result = [];
    skipWhitespace();
    if (text[index] === ']') { index += 1; return result; }
    for (;;) {
      result.push(value(depth));
      skipWhitespace();
      if (text[index] === ',') { index += 1; continue; }
      if (text[index] === ']') { index += 1; return result; }
      fail('expected "," or "]"');
    }
  }

  function hex4() {
    const digits = text.slice(index, index + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('expected four hex digits');
    index += 4;
    return parseInt(digits, 16);
  }

  function string() {
    index += 1; // "
    let result = '';
    let runStart = index;
    for (;;) {
      if (index >= text.length) fail('unterminated string');
      const c = text.charCodeAt(index);
      if (c === 0x22) { // "
        result += text.slice(runStart, index);
        index += 1;
        return result;
      }
      if (c < 0x20) fail('unescaped control character in a string');
      if (c >= 0xd800 && c <= 0xdfff) {
        // Raw surrogates come only in pairs from valid UTF-8 input; refuse a lone one.
        const next = text.charCodeAt(index + 1);
        if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) fail('a lone surrogate');
        index += 2;
        continue;
      }
      if (c !== 0x5c) { index += 1; continue; } // not a backslash
      result += text.slice(runStart, index);
      index += 1;
      const e = text[index];
      index += 1;
      switch (e) {
        case '"': result += '"'; break;
        case '\\': result += '\\'; break;
        case '/': result += '/'; break;
        case 'b': result += '\b'; break;
        case 'f': result += '\f'; break;
        case 'n': result += '\n'; break;
        case 'r': result += '\r'; break;
        case 't': result += '\t'; break;
        case 'u': {
          const unit = hex4();
          if (unit >= 0xd800 && unit <= 0xdbff) {
            if (text[index] !== '\\' || text[index + 1] !== 'u') fail('a lone high surrogate escape');
            index += 2;
            const low = hex4();
            if (!(low >= 0xdc00 && low <= 0xdfff)) fail('a high surrogate escape without its low half');
            result += String.fromCharCode(unit, low);
          } else if (unit >= 0xdc00 && unit <= 0xdfff) {
            fail('a lone low surrogate escape');
          } else {
            result += String.fromCharCode(unit);
          }
          break;
        }
        default:
          index -= 1;
          fail('an invalid escape');
      }
      runStart = index;
    }
  }

  function number() {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(index, index + 400));
    if (!match || match[0] === '-') fail('an invalid number');
    const written = match[0];
    index += written.length;
    if (match[2] === undefined && match[3] === undefined) {
      const integer = BigInt(written); // "-0" is the integer 0
      if (integer < INT64_MIN || integer > INT64_MAX) fail('an integer beyond Int64');
      return integer;
    }
    const double = Number(written);
    if (!Number.isFinite(double)) fail('a number beyond the range of a double');
    return double;
  }

  const result = value(0);
  skipWhitespace();
  if (index !== text.length) fail('text after the JSON value');
  return result;
}

// MARK: - Kinds, as JSONValue.Kind names them

function kindOf(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean': return 'boolean';
    case 'bigint':
    case 'number': return 'number';
    case 'string': return 'string';
    default: return Array.isArray(value) ? 'array' : 'object';
  }
}

// MARK: - Canonical encoding (JSONValue+Encoding.swift)

/// Compares two keys by their UTF-8 bytes, as the model sorts members. (JavaScript's `<` compares
/// UTF-16 code units, which orders U+E000–U+FFFF after astral scalars; UTF-8 orders them before.)
function compareUTF8(a, b) {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const shortEscapes = { 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

/// A string with the model's minimal escapes. (JSON.stringify agrees for valid Unicode text, but this
/// spells the rule out rather than rely on that.)
function encodeString(text) {
  let out = '"';
  let runStart = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += text.slice(runStart, i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (shortEscapes[c]) out += shortEscapes[c];
    else out += '\\u00' + c.toString(16).padStart(2, '0');
    runStart = i + 1;
  }
  return out + text.slice(runStart) + '"';
}

/// A double as Swift's `Double.description` writes it (JSONNumber.description): the shortest digits
/// that read back as the same double (JavaScript finds the same digits), in decimal with at least one
/// fraction digit for magnitudes from 1e-4 up to 1e16 (`1.0`, `0.0001`, `-0.0`), and otherwise as
/// `d.ddde±XX` with at least two exponent digits (`1e-05`, `1e+16`, `5e-324`).
function swiftDoubleDescription(value) {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = value.toExponential().split('e'); // shortest round-trip digits
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    const text = String(value); // JavaScript writes this range in decimal too
    return text.includes('.') ? text : text + '.0';
  }
  const digits = String(Math.abs(exponent)).padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${digits}`;
}

/// The canonical text of `value`: null, booleans, strings, BigInt integers, doubles (JS numbers, in
/// Swift's form), arrays and objects (members whose value is `undefined` are left out, as
/// `JSONValue.members` leaves out `nil`). No answer of the backend seams holds a double; one can only
/// come from an unknown member of a request, which the model keeps while it reads.
function encode(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean': return value ? 'true' : 'false';
    case 'bigint': return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`encode: ${value} has no JSON form`);
      return swiftDoubleDescription(value);
    case 'string': return encodeString(value);
    default:
      break;
  }
  if (Array.isArray(value)) return '[' + value.map(encode).join(',') + ']';
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort(compareUTF8);
  return '{' + keys.map((key) => encodeString(key) + ':' + encode(value[key])).join(',') + '}';
}

// MARK: - Text (Support/TextExcerpt.swift)

function utf8Length(text) {
  return Buffer.byteLength(text, 'utf8');
}

/// TextExcerpt.prefix: the longest prefix of `text` that ends on a Unicode scalar boundary and has at
/// most `utf8BytesMax` UTF-8 bytes; `text` itself when it fits. The cut is by scalars, never by
/// grapheme clusters, so a combining mark may be separated from its letter (D-084).
function scalarPrefix(text, utf8BytesMax) {
  if (utf8Length(text) <= utf8BytesMax) return text;
  let bytes = 0;
  let end = 0;
  for (const scalar of text) { // for…of walks code points: a surrogate pair is one scalar
    const cp = scalar.codePointAt(0);
    const width = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + width > utf8BytesMax) break;
    bytes += width;
    end += scalar.length;
  }
  return text.slice(0, end);
}

// MARK: - Typed reads at a path (JSON/JSONField.swift, JSONFieldError.swift)

/// Why a value does not have the shape a request needs, naming its path as the model does.
class FieldError extends Error {
  static missing(path) {
    return new FieldError(path === '' ? 'missing the top-level value' : `missing required field ${path}`, path);
  }

  static wrongType(path, expected, found) {
    const article = (noun) => ('aeio'.includes(noun[0]) ? 'an' : 'a');
    return new FieldError(`${FieldError.name_(path)} should be ${article(expected)} ${expected} but is ${article(found)} ${found}`, path);
  }

  static invalid(path, reason) {
    return new FieldError(`${FieldError.name_(path)} is invalid: ${reason}`, path);
  }

  static name_(path) {
    return path === '' ? 'the top-level value' : 'field ' + path;
  }

  constructor(message, path) {
    super(message);
    this.path = path;
  }
}

function childPath(path, key) {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${encodeString(key)}]`;
}

/// A value at a path, with JSONField's reads: each throws a FieldError naming the path.
class Field {
  constructor(value, path = '') {
    this.value = value;
    this.path = path;
  }

  get kind() {
    return kindOf(this.value);
  }

  get isNull() {
    return this.value === null;
  }

  wrongType(expected) {
    return FieldError.wrongType(this.path, expected, this.kind);
  }

  invalid(reason) {
    return FieldError.invalid(this.path, reason);
  }

  member(key) {
    if (this.kind !== 'object') throw this.wrongType('object');
    if (!Object.prototype.hasOwnProperty.call(this.value, key)) return undefined;
    return new Field(this.value[key], childPath(this.path, key));
  }

  /// The required member `key` (a `null` is present).
  field(key) {
    const child = this.member(key);
    if (child === undefined) throw FieldError.missing(childPath(this.path, key));
    return child;
  }

  /// The optional member `key`, or `undefined` when absent or `null` (JSONField.optionalField).
  optionalField(key) {
    const child = this.member(key);
    return child === undefined || child.isNull ? undefined : child;
  }

  /// `read(member)` for the optional member `key`, or `undefined` when absent or null.
  optional(key, read) {
    const child = this.optionalField(key);
    return child === undefined ? undefined : read(child);
  }

  elements() {
    if (this.kind !== 'array') throw this.wrongType('array');
    return this.value.map((element, index) => new Field(element, `${this.path}[${index}]`));
  }

  string() {
    if (typeof this.value !== 'string') throw this.wrongType('string');
    return this.value;
  }

  bool() {
    if (typeof this.value !== 'boolean') throw this.wrongType('boolean');
    return this.value;
  }

  /// An integer (written without fraction or exponent), as a BigInt in Int64. Swift's Int is 64 bits,
  /// so this is also `int()`.
  int64() {
    if (typeof this.value !== 'bigint') throw this.wrongType('integer');
    return this.value;
  }

  int() {
    return this.int64();
  }

  /// A number as a double; integers are converted (rounded to the nearest double past ±2^53).
  double() {
    if (typeof this.value === 'bigint') return Number(this.value);
    if (typeof this.value !== 'number') throw this.wrongType('number');
    return this.value;
  }

  /// A non-negative integer.
  count() {
    const value = this.int64();
    if (value < 0n) throw this.invalid(`must not be negative, got ${value}`);
    return value;
  }

  /// A string of at most `utf8BytesMax` UTF-8 bytes.
  text(utf8BytesMax) {
    const text = this.string();
    const bytes = utf8Length(text);
    if (bytes > utf8BytesMax) throw this.invalid(`is ${bytes} UTF-8 bytes long; at most ${utf8BytesMax} are allowed`);
    return text;
  }

  null() {
    if (!this.isNull) throw this.wrongType('null');
  }
}

module.exports = {
  INT64_MIN, INT64_MAX, JSONParseError, parse, encode, encodeString, compareUTF8, kindOf,
  utf8Length, scalarPrefix, FieldError, Field, swiftDoubleDescription,
};
