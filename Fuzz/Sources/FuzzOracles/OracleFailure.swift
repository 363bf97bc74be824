/// An oracle's verdict on one input: which rule broke, and what was found.
///
/// The fuzz executables turn it into a trap, so that libFuzzer keeps the input as a crash; the tests
/// record it as an issue. Either way the message reads without the code: the target, the rule, what
/// the specification expects and what the model did.
public struct OracleFailure: Error, Sendable, CustomStringConvertible {
    /// The fuzz target whose oracle failed (`csv`, `import`, …).
    public let target: FuzzTarget
    /// The rule, as one short sentence ("every chunking reads the same records").
    public let rule: String
    /// What was expected and what happened, with the values.
    public let details: String

    public init(_ target: FuzzTarget, rule: String, _ details: String) {
        self.target = target
        self.rule = rule
        self.details = details
    }

    public var description: String {
        "fuzz target \(target.rawValue): \(rule)\n\(details)"
    }
}

/// The bound on every error message the parsers and decoders give for hostile input.
///
/// Issue 22: every error message is bounded in size, whatever the input (a megabyte of header once gave
/// a megabyte of message). A message names what was wrong and where, with short excerpts of a few
/// hundred characters at most; 1 KiB of UTF-8 holds that and the fixed text around it, and is well
/// below the longest inputs the targets try, so an echo of the input is caught. Bytes, not
/// `Character`s: one character may hold any number of combining marks.
public enum ErrorMessageBound {
    /// The most UTF-8 bytes in an error's description.
    public static let descriptionBytesMax = 1_024

    /// Fails when `error`'s description is longer than `descriptionBytesMax`.
    static func check(_ error: some Error & CustomStringConvertible, target: FuzzTarget) throws(OracleFailure) {
        let text = error.description
        guard text.utf8.count <= descriptionBytesMax else {
            throw OracleFailure(
                target, rule: "an error message is bounded in size",
                "the message is \(text.utf8.count) bytes of UTF-8, more than \(descriptionBytesMax); it begins "
                    + String(reflecting: String(text.unicodeScalars.prefix(200)))
            )
        }
    }
}
