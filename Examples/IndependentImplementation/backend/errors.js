'use strict';
// Structured error payloads (Seed 003, Task 3):
// { code, message, userMessage, affectedItems, retryable, details }.
//
// Codes carry the E_ prefix of the seed's ErrorCodes. `message` is the
// technical text, `userMessage` what the app shows. affectedItems lists at
// most 10 titles; details never carries a stack trace. Free texts are cut to
// 4,096 UTF-8 bytes, as in a frame.

const { stringify } = require('./wire');
const { cutUtf8, toBig } = require('./text');

const GEMINI = 'Gemini 2.0 Flash';
const MAX_AFFECTED_ITEMS = 10;

const ErrorCodes = {
  ENRICHMENT_FAILED: 'E_ENRICHMENT_FAILED',
  CSV_PARSE_FAILED: 'E_CSV_PARSE_FAILED',
  INVALID_CSV_FORMAT: 'E_INVALID_CSV_FORMAT',
  GEMINI_TIMEOUT: 'E_GEMINI_TIMEOUT',
  GEMINI_API_ERROR: 'E_GEMINI_API_ERROR',
  NO_BOOKS_DETECTED: 'E_NO_BOOKS_DETECTED',
  INVALID_MESSAGE: 'E_INVALID_MESSAGE',
  UNAUTHORIZED: 'E_UNAUTHORIZED',
  JOB_NOT_FOUND: 'E_JOB_NOT_FOUND',
  PROVIDER_TIMEOUT: 'E_PROVIDER_TIMEOUT',
  PROVIDER_UNAVAILABLE: 'E_PROVIDER_UNAVAILABLE',
  INTERNAL_ERROR: 'E_INTERNAL_ERROR',
};

function str(x, what) {
  if (typeof x !== 'string') throw new Error(`${what}: expected a string`);
  return x;
}

function payload({ code, message, userMessage, affectedItems = [], retryable, details = {} }) {
  return {
    code,
    message: cutUtf8(message),
    userMessage: cutUtf8(userMessage),
    affectedItems: affectedItems.slice(0, MAX_AFFECTED_ITEMS).map((t) => cutUtf8(t)),
    retryable,
    details,
  };
}

function buildErrorPayload(f) {
  if (f === null || typeof f !== 'object') throw new Error('failure: expected an object');
  switch (f.kind) {
    case 'enrichmentFailed': {
      const titles = (Array.isArray(f.failedTitles) ? f.failedTitles : []).map((t) => str(t, 'failedTitles[]'));
      return payload({
        code: ErrorCodes.ENRICHMENT_FAILED,
        message: `Batch enrichment failed: ${str(f.reason, 'reason')}`,
        userMessage: 'Something went wrong during enrichment. Please try again.',
        affectedItems: titles,
        retryable: true,
        details: {
          failureCount: BigInt(titles.length),
          successCount: toBig(f.successCount, 'successCount'),
          provider: 'Multiple',
        },
      });
    }
    case 'csvImportFailed': {
      const code = typeof f.code === 'string' && f.code.length > 0 ? f.code : ErrorCodes.CSV_PARSE_FAILED;
      return payload({
        code,
        message: str(f.reason, 'reason'),
        userMessage: code === ErrorCodes.GEMINI_TIMEOUT
          ? 'AI parsing took too long. Try a smaller file.'
          : 'Could not parse your CSV file. Please check the format.',
        retryable: code !== ErrorCodes.INVALID_CSV_FORMAT,
        details: {
          fileName: cutUtf8(str(f.fileName, 'fileName')),
          fileSize: toBig(f.fileSize, 'fileSize'),
          provider: GEMINI,
        },
      });
    }
    case 'noBooksDetected':
      return payload({
        code: ErrorCodes.NO_BOOKS_DETECTED,
        message: 'Gemini did not detect any books in the image',
        userMessage: 'No books found. Try a clearer photo with better lighting.',
        retryable: true,
        details: { imageSize: toBig(f.imageSize, 'imageSize'), provider: GEMINI },
      });
    case 'aiScanFailed': {
      const reason = str(f.reason, 'reason');
      const isTimeout = /timeout|timed out/i.test(reason);
      return payload({
        code: isTimeout ? ErrorCodes.GEMINI_TIMEOUT : ErrorCodes.GEMINI_API_ERROR,
        message: reason,
        userMessage: isTimeout
          ? 'AI analysis took too long. Try a smaller photo.'
          : 'AI analysis failed. Please try again.',
        retryable: true,
        details: { imageSize: toBig(f.imageSize, 'imageSize'), provider: GEMINI, apiEndpoint: 'generateContent' },
      });
    }
    case 'invalidMessage':
      return payload({
        code: ErrorCodes.INVALID_MESSAGE,
        message: `Invalid WebSocket message: ${str(f.reason, 'reason')}`,
        userMessage: 'The app and the server could not understand each other. Please update the app and try again.',
        retryable: false,
      });
    case 'unauthorized':
      return payload({
        code: ErrorCodes.UNAUTHORIZED,
        message: 'Missing or invalid job token',
        userMessage: 'We could not verify this job. Please start it again.',
        retryable: false,
      });
    case 'jobNotFound':
      return payload({
        code: ErrorCodes.JOB_NOT_FOUND,
        message: 'No active job found with this ID',
        userMessage: 'This job is no longer running. Please start it again.',
        retryable: false,
      });
    case 'providerTimeout': {
      const provider = str(f.provider, 'provider');
      return payload({
        code: ErrorCodes.PROVIDER_TIMEOUT,
        message: `${provider} timed out`,
        userMessage: 'The book service is taking too long to respond. Please try again.',
        retryable: true,
        details: { provider: cutUtf8(provider) },
      });
    }
    case 'providerUnavailable': {
      const provider = str(f.provider, 'provider');
      const status = f.statusCode === null || f.statusCode === undefined ? null : toBig(f.statusCode, 'statusCode');
      const details = { provider: cutUtf8(provider) };
      if (status !== null) details.statusCode = status;
      return payload({
        code: ErrorCodes.PROVIDER_UNAVAILABLE,
        message: status === null ? `${provider} unavailable` : `${provider} unavailable (HTTP ${status})`,
        userMessage: 'The book service is temporarily unavailable. Please try again later.',
        retryable: true,
        details,
      });
    }
    case 'internalError':
      return payload({
        code: ErrorCodes.INTERNAL_ERROR,
        message: `Internal error: ${str(f.reason, 'reason')}`,
        userMessage: 'Something went wrong on our end. Please try again.',
        retryable: true,
      });
    default:
      throw new Error(`failure: unknown kind ${JSON.stringify(f.kind)}`);
  }
}

// The payload as the backend writes it (keys sorted, as JSON text).
function errorPayloadText(failure) {
  return stringify(buildErrorPayload(failure), true);
}

module.exports = { ErrorCodes, buildErrorPayload, errorPayloadText, MAX_AFFECTED_ITEMS };
