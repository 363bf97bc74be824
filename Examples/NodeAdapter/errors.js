'use strict';
// Seam `structured-errors`, and the structured error the message codec carries.
//
// Ports, from Sources/SpecModel/Progress/Errors/:
// - ProgressErrorCode.swift: the codes, their form `E_[A-Z0-9_]{1,60}`, and each code's default
//   `retryable` and user message (D-081 to D-083);
// - ErrorDetails.swift: the `details` object, its texts cut to 1,000 UTF-8 bytes (D-085, D-086);
// - StructuredError.swift: at most 10 affected items, each cut to 1,000 bytes, the full count kept in
//   `details.affectedItemsTotal`; `message` and `userMessage` cut to 4,096 bytes (D-084, D-085);
// - StructuredError+JSON.swift: the payload `{code, message, userMessage, affectedItems, retryable,
//   details}`, always all six members (D-093), and its strict decoding (D-092);
// - StructuredError+Factories.swift: the seed's situations (Seed 003_…, Task 3);
// and from Sources/SpecConformance/Progress/StructuredErrorBuilding.swift, ModelStructuredErrorBuilder:
// `errorPayload(for:)` is the factory's error, encoded canonically.
//
// Texts are cut with TextExcerpt.prefix (`scalarPrefix`): at a Unicode scalar boundary, by UTF-8 bytes.
// Counts are BigInt (Swift's Int).

const { encode, scalarPrefix } = require('./json');

/// A precondition of the model failed: the model's program would trap. The adapter answers the request
/// with an error instead of crashing.
class ModelTrap extends Error {}

function precondition(condition, message) {
  if (!condition) throw new ModelTrap(`the model traps: ${message}`);
}

// MARK: - Codes (ProgressErrorCode.swift)

const Codes = Object.freeze({
  enrichmentFailed: 'E_ENRICHMENT_FAILED',
  csvParseFailed: 'E_CSV_PARSE_FAILED',
  invalidCSVFormat: 'E_INVALID_CSV_FORMAT',
  geminiTimeout: 'E_GEMINI_TIMEOUT',
  geminiAPIError: 'E_GEMINI_API_ERROR',
  noBooksDetected: 'E_NO_BOOKS_DETECTED',
  invalidMessage: 'E_INVALID_MESSAGE',
  unauthorized: 'E_UNAUTHORIZED',
  jobNotFound: 'E_JOB_NOT_FOUND',
  providerTimeout: 'E_PROVIDER_TIMEOUT',
  providerUnavailable: 'E_PROVIDER_UNAVAILABLE',
  internalError: 'E_INTERNAL',
});

const CODE_PREFIX = 'E_';
const CODE_NAME_BYTES_MAX = 60;

/// Why `text` is not a well-formed code (ProgressErrorCode.FormatError), or null when it is one.
function codeFormatError(text) {
  if (!text.startsWith(CODE_PREFIX)) return 'an error code must begin with E_, like E_ENRICHMENT_FAILED';
  const bytes = Buffer.from(text, 'utf8');
  const nameBytes = bytes.length - CODE_PREFIX.length;
  if (nameBytes <= 0) return 'an error code needs at least one character after E_, like E_ENRICHMENT_FAILED';
  if (nameBytes > CODE_NAME_BYTES_MAX) return `an error code has at most ${CODE_NAME_BYTES_MAX} characters after E_, this one has ${nameBytes}`;
  for (let offset = CODE_PREFIX.length; offset < bytes.length; offset += 1) {
    const byte = bytes[offset];
    const isNameByte = (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x5f;
    if (!isNameByte) return `an error code is written with A-Z, 0-9 and _ only (like E_ENRICHMENT_FAILED); byte ${offset} is not one of them`;
  }
  return null;
}

/// The seed's user messages, word for word (StructuredError.UserMessages).
const UserMessages = Object.freeze({
  enrichmentFailed: 'Something went wrong during enrichment. Please try again.',
  csvParseFailed: 'Could not parse your CSV file. Please check the format.',
  csvGeminiTimeout: 'AI parsing took too long. Try a smaller file.',
  noBooksDetected: 'No books found. Try a clearer photo with better lighting.',
  aiScanTimeout: 'AI analysis took too long. Try a smaller photo.',
  aiScanFailed: 'AI analysis failed. Please try again.',
});

/// The providers and endpoint the seed's handlers name (StructuredError.Providers).
const Providers = Object.freeze({
  multiple: 'Multiple',
  gemini: 'Gemini 2.0 Flash',
  geminiEndpoint: 'generateContent',
});

/// Whether a payload with this code that omits `retryable` offers a retry (D-082): the seed's
/// retryable codes and the transient ones; not an undecodable frame, a missing token, an unknown job,
/// an invalid CSV format, nor an unknown code.
function defaultRetryable(code) {
  switch (code) {
    case Codes.enrichmentFailed: case Codes.csvParseFailed: case Codes.geminiTimeout: case Codes.geminiAPIError:
    case Codes.noBooksDetected: case Codes.providerTimeout: case Codes.providerUnavailable: case Codes.internalError:
      return true;
    default:
      return false;
  }
}

/// The user message for a payload with this code that omits `userMessage` (D-083).
function defaultUserMessage(code) {
  switch (code) {
    case Codes.enrichmentFailed: return UserMessages.enrichmentFailed;
    case Codes.csvParseFailed: case Codes.invalidCSVFormat: return UserMessages.csvParseFailed;
    case Codes.geminiTimeout: return 'AI processing took too long. Please try again.';
    case Codes.geminiAPIError: return UserMessages.aiScanFailed;
    case Codes.noBooksDetected: return UserMessages.noBooksDetected;
    case Codes.invalidMessage: return 'The app sent a request the server could not read. Please update the app.';
    case Codes.unauthorized: return 'This job could not be verified. Please start it again.';
    case Codes.jobNotFound: return 'This job is no longer running.';
    case Codes.providerTimeout: return 'A book service took too long to answer. Please try again.';
    case Codes.providerUnavailable: return 'A book service is unavailable right now. Please try again later.';
    case Codes.internalError: return 'Something went wrong. Please try again.';
    default: return 'An error occurred';
  }
}

// MARK: - Details (ErrorDetails.swift)

const DETAILS_TEXT_BYTES_MAX = 1000;
const STATUS_CODE_MIN = 100n;
const STATUS_CODE_MAX = 599n;
const COUNT_KEYS = ['successCount', 'failureCount', 'affectedItemsTotal', 'fileSize', 'imageSize'];
const TEXT_KEYS = ['provider', 'fileName', 'apiEndpoint'];

/// ErrorDetails.init: the given fields, texts cut to 1,000 bytes. Counts and sizes must not be
/// negative and `statusCode` must be an HTTP status, or the model traps.
function makeDetails(fields = {}) {
  const details = {};
  for (const key of COUNT_KEYS) {
    if (fields[key] === undefined) continue;
    precondition(fields[key] >= 0n, `ErrorDetails.${key} must not be negative, got ${fields[key]}`);
    details[key] = fields[key];
  }
  if (fields.statusCode !== undefined) {
    precondition(fields.statusCode >= STATUS_CODE_MIN && fields.statusCode <= STATUS_CODE_MAX,
      `ErrorDetails.statusCode must be an HTTP status (100-599), got ${fields.statusCode}`);
    details.statusCode = fields.statusCode;
  }
  for (const key of TEXT_KEYS) {
    if (fields[key] !== undefined) details[key] = scalarPrefix(fields[key], DETAILS_TEXT_BYTES_MAX);
  }
  return details;
}

/// ErrorDetails.init(decoding:): known fields type-checked, unknown members (`stack`) ignored, an
/// absent or null field absent; a negative count, a status outside 100-599 or a text over 1,000 bytes
/// refused.
function decodeDetails(field) {
  if (field.kind !== 'object') throw field.wrongType('object');
  const details = {};
  for (const key of ['successCount', 'failureCount', 'affectedItemsTotal']) {
    const value = field.optional(key, (f) => f.count());
    if (value !== undefined) details[key] = value;
  }
  const provider = field.optional('provider', (f) => f.text(DETAILS_TEXT_BYTES_MAX));
  if (provider !== undefined) details.provider = provider;
  const statusField = field.optionalField('statusCode');
  if (statusField !== undefined) {
    const status = statusField.int64();
    if (status < STATUS_CODE_MIN || status > STATUS_CODE_MAX) throw statusField.invalid(`must be an HTTP status from 100 to 599, got ${status}`);
    details.statusCode = status;
  }
  for (const [key, read] of [['fileName', (f) => f.text(DETAILS_TEXT_BYTES_MAX)], ['fileSize', (f) => f.count()],
    ['imageSize', (f) => f.count()], ['apiEndpoint', (f) => f.text(DETAILS_TEXT_BYTES_MAX)]]) {
    const value = field.optional(key, read);
    if (value !== undefined) details[key] = value;
  }
  return details;
}

// MARK: - The structured error (StructuredError.swift)

const AFFECTED_ITEMS_MAX = 10;
const MESSAGE_BYTES_MAX = 4096;
const AFFECTED_ITEM_BYTES_MAX = 1000;

/// StructuredError.init: the fields brought within the payload's limits. Past ten affected items the
/// first ten are kept and `details.affectedItemsTotal` becomes the full count (or stays, if larger).
function makeStructuredError({ code, message, userMessage, affectedItems = [], retryable, details = {} }) {
  const kept = affectedItems.slice(0, AFFECTED_ITEMS_MAX).map((item) => scalarPrefix(item, AFFECTED_ITEM_BYTES_MAX));
  const allDetails = { ...details };
  if (affectedItems.length > AFFECTED_ITEMS_MAX) {
    const total = BigInt(affectedItems.length);
    const given = allDetails.affectedItemsTotal ?? 0n;
    allDetails.affectedItemsTotal = given > total ? given : total;
  }
  if (allDetails.affectedItemsTotal !== undefined) {
    precondition(allDetails.affectedItemsTotal >= BigInt(kept.length),
      `details.affectedItemsTotal (${allDetails.affectedItemsTotal}) must count at least the ${kept.length} affected items listed`);
  }
  return {
    code,
    message: scalarPrefix(message, MESSAGE_BYTES_MAX),
    userMessage: scalarPrefix(userMessage, MESSAGE_BYTES_MAX),
    affectedItems: kept,
    retryable: retryable ?? defaultRetryable(code),
    details: allDetails,
  };
}

/// The payload object (StructuredError+JSON.swift): all six members, `affectedItems` `[]` and
/// `details` `{}` when there are none (D-093). `encode` sorts the members.
function errorPayload(error) {
  return {
    code: error.code,
    message: error.message,
    userMessage: error.userMessage,
    affectedItems: error.affectedItems.slice(),
    retryable: error.retryable,
    details: { ...error.details },
  };
}

/// StructuredError.init(decoding:): strict, accepting the seed's and production's shapes (absent
/// `userMessage` and `retryable` take the code's defaults); longer texts and lists are refused, not cut.
function decodeStructuredError(field) {
  if (field.kind !== 'object') throw field.wrongType('object');
  const codeField = field.field('code');
  const code = codeField.string();
  const formatError = codeFormatError(code);
  if (formatError !== null) throw codeField.invalid(formatError);
  const message = field.field('message').text(MESSAGE_BYTES_MAX);
  const userMessage = field.optional('userMessage', (f) => f.text(MESSAGE_BYTES_MAX)) ?? defaultUserMessage(code);
  const retryable = field.optional('retryable', (f) => f.bool()) ?? defaultRetryable(code);
  const affectedItems = [];
  const itemsField = field.optionalField('affectedItems');
  if (itemsField !== undefined) {
    const elements = itemsField.elements();
    if (elements.length > AFFECTED_ITEMS_MAX) {
      throw itemsField.invalid(`lists ${elements.length} items; at most ${AFFECTED_ITEMS_MAX} are allowed (the total goes in details.affectedItemsTotal)`);
    }
    for (const element of elements) affectedItems.push(element.text(AFFECTED_ITEM_BYTES_MAX));
  }
  const details = field.optional('details', decodeDetails) ?? {};
  if (details.affectedItemsTotal !== undefined && details.affectedItemsTotal < BigInt(affectedItems.length)) {
    const totalField = field.field('details').field('affectedItemsTotal');
    throw totalField.invalid(`is ${details.affectedItemsTotal}, fewer than the ${affectedItems.length} affected items listed`);
  }
  return { code, message, userMessage, affectedItems, retryable, details };
}

// MARK: - The seed's situations (StructuredError+Factories.swift)

/// Whether `text` contains `needle` (ASCII), ASCII letters compared without case and every other
/// character exactly (ProgressText.containsIgnoringASCIICase, D-087). Not toLowerCase(): that folds
/// non-ASCII letters too (U+212A KELVIN SIGN becomes "k").
function containsIgnoringASCIICase(text, needle) {
  const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
  return asciiLower(text).includes(asciiLower(needle));
}

const factories = {
  /// Seed: the batch enrichment handler's `catch`.
  enrichmentFailed({ reason, failedTitles, successCount }) {
    return makeStructuredError({
      code: Codes.enrichmentFailed,
      message: 'Batch enrichment failed: ' + reason,
      userMessage: UserMessages.enrichmentFailed,
      affectedItems: failedTitles,
      retryable: true,
      details: makeDetails({ successCount, failureCount: BigInt(failedTitles.length), provider: Providers.multiple }),
    });
  },

  /// Seed: the CSV import handler's `catch` (`error.code || ErrorCodes.CSV_PARSE_FAILED`).
  csvImportFailed({ code, reason, fileName, fileSize }) {
    const actual = code ?? Codes.csvParseFailed;
    return makeStructuredError({
      code: actual,
      message: reason,
      userMessage: actual === Codes.geminiTimeout ? UserMessages.csvGeminiTimeout : UserMessages.csvParseFailed,
      retryable: actual !== Codes.invalidCSVFormat,
      details: makeDetails({ provider: Providers.gemini, fileName, fileSize }),
    });
  },

  /// Seed: the AI scanner handler, no books detected.
  noBooksDetected({ imageSize }) {
    return makeStructuredError({
      code: Codes.noBooksDetected,
      message: 'Gemini did not detect any books in the image',
      userMessage: UserMessages.noBooksDetected,
      retryable: true,
      details: makeDetails({ provider: Providers.gemini, imageSize }),
    });
  },

  /// Seed: the AI scanner handler's `catch`; a timeout when the reason says "timeout" in any ASCII case.
  aiScanFailed({ reason, imageSize }) {
    const isTimeout = containsIgnoringASCIICase(reason, 'timeout');
    return makeStructuredError({
      code: isTimeout ? Codes.geminiTimeout : Codes.geminiAPIError,
      message: reason,
      userMessage: isTimeout ? UserMessages.aiScanTimeout : UserMessages.aiScanFailed,
      retryable: true,
      details: makeDetails({ provider: Providers.gemini, imageSize, apiEndpoint: Providers.geminiEndpoint }),
    });
  },

  invalidMessage({ reason }) {
    return makeStructuredError({
      code: Codes.invalidMessage,
      message: "Could not decode the client's message: " + reason,
      userMessage: defaultUserMessage(Codes.invalidMessage),
    });
  },

  unauthorized() {
    return makeStructuredError({
      code: Codes.unauthorized,
      message: "The socket did not present the job's token",
      userMessage: defaultUserMessage(Codes.unauthorized),
    });
  },

  /// Seed 000's JOB_NOT_FOUND.
  jobNotFound() {
    return makeStructuredError({
      code: Codes.jobNotFound,
      message: 'No active job found with this ID',
      userMessage: defaultUserMessage(Codes.jobNotFound),
    });
  },

  providerTimeout({ provider }) {
    return makeStructuredError({
      code: Codes.providerTimeout,
      message: provider + ' did not answer in time',
      userMessage: defaultUserMessage(Codes.providerTimeout),
      details: makeDetails({ provider }),
    });
  },

  providerUnavailable({ provider, statusCode }) {
    return makeStructuredError({
      code: Codes.providerUnavailable,
      message: provider + (statusCode !== undefined ? ` answered with status ${statusCode}` : ' is unavailable'),
      userMessage: defaultUserMessage(Codes.providerUnavailable),
      details: makeDetails({ provider, statusCode }),
    });
  },

  internalError({ reason }) {
    return makeStructuredError({
      code: Codes.internalError,
      message: 'Internal error: ' + reason,
      userMessage: defaultUserMessage(Codes.internalError),
    });
  },
};

// MARK: - The wire (ProcessStructuredErrors.swift, AdapterServerValues.failure)

/// A Failure from a request: tagged by `kind`, with the case's facts.
function decodeFailure(field) {
  const text = (key) => field.field(key).string();
  const number = (key) => field.field(key).int();
  const kindField = field.field('kind');
  const kind = kindField.string();
  switch (kind) {
    case 'enrichmentFailed':
      return { kind, reason: text('reason'), failedTitles: field.field('failedTitles').elements().map((e) => e.string()), successCount: number('successCount') };
    case 'csvImportFailed': {
      const code = field.optional('code', (f) => {
        const raw = f.string();
        if (codeFormatError(raw) !== null) throw f.invalid('not an error code');
        return raw;
      });
      return { kind, code, reason: text('reason'), fileName: text('fileName'), fileSize: number('fileSize') };
    }
    case 'noBooksDetected': return { kind, imageSize: number('imageSize') };
    case 'aiScanFailed': return { kind, reason: text('reason'), imageSize: number('imageSize') };
    case 'invalidMessage': return { kind, reason: text('reason') };
    case 'unauthorized': return { kind };
    case 'jobNotFound': return { kind };
    case 'providerTimeout': return { kind, provider: text('provider') };
    case 'providerUnavailable': return { kind, provider: text('provider'), statusCode: field.optional('statusCode', (f) => f.int()) };
    case 'internalError': return { kind, reason: text('reason') };
    default: throw kindField.invalid(`"${kind}" is not a failure`);
  }
}

/// ModelStructuredErrorBuilder.errorPayload(for:): the factory's error, as canonical UTF-8 JSON.
function errorPayloadText(failure) {
  return encode(errorPayload(factories[failure.kind](failure)));
}

class StructuredErrorsInstance {
  clone() {
    return new StructuredErrorsInstance(); // stateless
  }

  call(methodField, now, input) {
    if (methodField.string() !== 'errorPayload') throw methodField.invalid('an error builder has errorPayload');
    return { text: errorPayloadText(decodeFailure(input.field('failure'))) };
  }
}

module.exports = {
  ModelTrap, precondition, Codes, codeFormatError, defaultRetryable, defaultUserMessage, makeStructuredError,
  errorPayload, decodeStructuredError, factories, decodeFailure, errorPayloadText, StructuredErrorsInstance,
};
