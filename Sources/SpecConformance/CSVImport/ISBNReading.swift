import SpecModel

/// Seam: reading and validating an ISBN field as exports write it.
///
/// Seed 004_…, "Duplicate Detection Algorithm" (Tier 2: "ISBN match (if both books have ISBN)"), with
/// Goodreads' Excel guard `="0525540679"` (empty as `=""`), hyphens and spaces read as the production
/// notes describe them (Decisions D-051, D-066). Wrap the app's ISBN reader:
///
///     struct AppISBNs: ISBNReading {
///         func readISBN(_ field: String) -> ISBNReadResult {
///             guard let isbn = ISBN(exportField: field) else { return field.isBlankISBN ? .empty : .invalid }
///             return .valid(isbn13: isbn.thirteen, isbn10: isbn.ten)
///         }
///     }
public protocol ISBNReading {
    /// What an ISBN field holds: nothing, a valid ISBN in both its forms, or something invalid.
    func readISBN(_ field: String) -> ISBNReadResult
}

/// What an ISBN field holds.
public enum ISBNReadResult: Hashable, Sendable, CustomStringConvertible {
    /// Nothing: an empty or blank field, or Goodreads' empty guard `=""`.
    case empty
    /// A valid ISBN: its 13-digit form, and its 10-digit form when it has one (978 ISBNs do, 979 ones
    /// do not), the check character an uppercase `X` when it is 10.
    case valid(isbn13: String, isbn10: String?)
    /// Text that is not a valid ISBN: a wrong length, a failed check digit, a 13-digit number outside
    /// 978 and 979, a misplaced `X`, or a character no ISBN is written with.
    case invalid

    /// One line for reports.
    public var description: String {
        switch self {
        case .empty: return "empty"
        case let .valid(isbn13, isbn10): return "valid(\(isbn13), \(isbn10 ?? "no ISBN-10"))"
        case .invalid: return "invalid"
        }
    }
}

/// The model's ISBN reader (`ISBNValue.parse`), the reference every suite compares with.
public struct ModelISBNReader: ISBNReading, Sendable {
    /// The model's adapter, over a fresh model.
    public init() {}

    /// The model's answer (see the protocol).
    public func readISBN(_ field: String) -> ISBNReadResult {
        switch ISBNValue.parse(field) {
        case .empty: return .empty
        case let .valid(value): return .valid(isbn13: value.isbn13, isbn10: value.isbn10)
        case .invalid: return .invalid
        }
    }
}
