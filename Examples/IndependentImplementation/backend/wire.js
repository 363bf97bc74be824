'use strict';
// Newline-delimited JSON for the process adapter, with exact integers.
//
// JSON.parse turns every number into a double, which loses Int64 extremes
// (the kit sends them on purpose). This parser reads every integer literal
// (no fraction, no exponent) as a BigInt and every other number as a JFloat
// that keeps its original lexeme, so a value passed through comes out exactly
// as it went in. Objects are null-prototype objects, so a key such as
// "__proto__" is plain data; a duplicate key is refused.

class JFloat {
  constructor(raw) {
    this.raw = raw;
    this.value = Number(raw);
  }
}

class JSONSyntaxError extends Error {}

const MAX_DEPTH = 512;

function parse(text) {
  let i = 0;
  const n = text.length;

  function fail(what) {
    throw new JSONSyntaxError(`${what} at offset ${i}`);
  }

  function ws() {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  }

  function value(depth) {
    if (depth > MAX_DEPTH) fail('nested too deep');
    ws();
    if (i >= n) fail('unexpected end');
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail(`unexpected character ${JSON.stringify(c)}`);
  }

  function literal(word, v) {
    if (text.startsWith(word, i)) {
      i += word.length;
      return v;
    }
    fail('bad literal');
  }

  function number() {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') {
      i++;
    } else if (text[i] >= '1' && text[i] <= '9') {
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    } else {
      fail('bad number');
    }
    let integral = true;
    if (text[i] === '.') {
      integral = false;
      i++;
      if (!(text[i] >= '0' && text[i] <= '9')) fail('bad fraction');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      integral = false;
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!(text[i] >= '0' && text[i] <= '9')) fail('bad exponent');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
    const raw = text.slice(start, i);
    return integral ? BigInt(raw) : new JFloat(raw);
  }

  function string() {
    i++; // opening quote
    let out = '';
    let runStart = i;
    while (true) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { // "
        out += text.slice(runStart, i);
        i++;
        return out;
      }
      if (c === 0x5c) { // backslash
        out += text.slice(runStart, i);
        i++;
        const e = text[i];
        i++;
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            const hex = text.slice(i, i + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape');
            out += String.fromCharCode(parseInt(hex, 16));
            i += 4;
            break;
          }
          default: fail('bad escape');
        }
        runStart = i;
        continue;
      }
      if (c < 0x20) fail('control character in string');
      i++;
    }
  }

  function array(depth) {
    i++;
    const out = [];
    ws();
    if (text[i] === ']') { i++; return out; }
    while (true) {
      out.push(value(depth));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return out; }
      fail('expected , or ]');
    }
  }

  function object(depth) {
    i++;
    const out = Object.create(null);
    ws();
    if (text[i] === '}') { i++; return out; }
    while (true) {
      ws();
      if (text[i] !== '"') fail('expected key');
      const key = string();
      if (Object.prototype.hasOwnProperty.call(out, key)) fail(`duplicate key ${JSON.stringify(key)}`);
      ws();
      if (text[i] !== ':') fail('expected :');
      i++;
      out[key] = value(depth);
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return out; }
      fail('expected , or }');
    }
  }

  const v = value(0);
  ws();
  if (i !== n) fail('trailing characters');
  return v;
}

// Serialises a value: BigInt as an integer literal, JFloat by its lexeme,
// a JavaScript number that is a safe integer without exponent, other finite
// numbers as JavaScript writes them. `undefined` members are left out.
// With sortKeys, object keys are written in sorted order (all our keys are
// ASCII, where UTF-16 order is UTF-8 byte order).
function stringify(v, sortKeys = false) {
  const parts = [];
  write(v);
  return parts.join('');

  function write(x) {
    if (x === null || x === undefined) { parts.push('null'); return; }
    switch (typeof x) {
      case 'boolean': parts.push(x ? 'true' : 'false'); return;
      case 'bigint': parts.push(x.toString()); return;
      case 'string': parts.push(JSON.stringify(x)); return;
      case 'number':
        if (!Number.isFinite(x)) throw new Error('non-finite number in output');
        if (Number.isInteger(x)) {
          if (!Number.isSafeInteger(x)) throw new Error('unsafe integer in output: use BigInt');
          parts.push(String(x === 0 ? 0 : x));
        } else {
          parts.push(String(x));
        }
        return;
      default: break;
    }
    if (x instanceof JFloat) { parts.push(x.raw); return; }
    if (Array.isArray(x)) {
      parts.push('[');
      x.forEach((e, k) => { if (k) parts.push(','); write(e === undefined ? null : e); });
      parts.push(']');
      return;
    }
    let keys = Object.keys(x).filter((k) => x[k] !== undefined);
    if (sortKeys) keys = keys.sort();
    parts.push('{');
    keys.forEach((k, idx) => {
      if (idx) parts.push(',');
      parts.push(JSON.stringify(k), ':');
      write(x[k]);
    });
    parts.push('}');
  }
}

// Deep copy of a parsed value (BigInt and strings are immutable).
function deepCopy(x) {
  if (x === null || typeof x !== 'object') return x;
  if (x instanceof JFloat) return x;
  if (Array.isArray(x)) return x.map(deepCopy);
  const out = Object.getPrototypeOf(x) === null ? Object.create(null) : {};
  for (const k of Object.keys(x)) out[k] = deepCopy(x[k]);
  return out;
}

function isObject(x) {
  return x !== null && typeof x === 'object' && !Array.isArray(x) && !(x instanceof JFloat);
}

// Splits a byte stream into lines ended by \n (a \r before it is dropped).
class LineSplitter {
  constructor(onLine) {
    this.onLine = onLine;
    this.chunks = [];
  }
  push(chunk) {
    let start = 0;
    while (true) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) break;
      this.chunks.push(chunk.subarray(start, nl));
      const line = Buffer.concat(this.chunks);
      this.chunks = [];
      start = nl + 1;
      this.emit(line);
    }
    if (start < chunk.length) this.chunks.push(chunk.subarray(start));
  }
  end() {
    if (this.chunks.length) {
      const line = Buffer.concat(this.chunks);
      this.chunks = [];
      if (line.length) this.emit(line);
    }
  }
  emit(buf) {
    let b = buf;
    if (b.length && b[b.length - 1] === 0x0d) b = b.subarray(0, b.length - 1);
    this.onLine(b);
  }
}

module.exports = { JFloat, JSONSyntaxError, parse, stringify, deepCopy, isObject, LineSplitter };
