import TextFormats

// The wire form of a structured error: the `payload` object of an `error` message.

extension StructuredError {
    /// The payload object: `{code, message, userMessage, affectedItems, retryable, details}`.
    ///
    /// `affectedItems` and `details` are always present (an empty array, an empty object) so the shape
    /// is the same for every error; `details` holds only its present fields (D-093). `JSONValue.encoded()` makes
    /// the bytes canonical, so equal errors encode identically.
    public var payload: JSONValue {
        .object([
            "code": .string(code.rawValue),
            "message": .string(message),
            "userMessage": .string(userMessage),
            "affectedItems": .array(affectedItems.map { .string($0) }),
            "retryable": .bool(retryable),
            "details": details.payload,
        ])
    }

    /// Decodes an error payload strictly, accepting the shapes the seed and production send.
    ///
    /// - `code`: required; a string that is a well-formed code (`ProgressErrorCode`), known or not.
    /// - `message`: required; a string of at most `messageBytesMax` UTF-8 bytes.
    /// - `userMessage`: optional (production sends none); when absent or `null`,
    ///   `code.defaultUserMessage` (D-083).
    /// - `retryable`: optional (production's is); when absent or `null`, `code.defaultRetryable`.
    /// - `affectedItems`: optional; an array of at most `affectedItemsMax` strings of at most
    ///   `affectedItemBytesMax` bytes each.
    /// - `details`: optional; an object (see `ErrorDetails.init(decoding:)`), whose
    ///   `affectedItemsTotal` must be at least the number of affected items listed.
    /// - Other members (production repeats `type` in the payload) are ignored.
    ///
    /// Longer texts and lists are refused rather than cut: a payload over the limits did not come from
    /// a conforming server. Nothing in any input makes this trap (D-092).
    ///
    /// - Throws: `JSONFieldError` naming the path of the first fault (`payload.code`,
    ///   `payload.affectedItems[3]`, `payload.details.failureCount`, …, relative to `payload.path`).
    public init(decoding payload: JSONField) throws(JSONFieldError) {
        guard case .object = payload.value else { throw payload.wrongType(expected: JSONValue.Kind.object.rawValue) }
        let codeField = try payload.field("code")
        let rawCode = try codeField.string()
        let code: ProgressErrorCode
        do {
            code = try ProgressErrorCode(validating: rawCode)
        } catch {
            throw codeField.invalid(error.description)
        }
        let message = try payload.field("message").text(utf8BytesMax: Self.messageBytesMax)
        let userMessage = try payload.optionalField("userMessage").map { field throws(JSONFieldError) in
            try field.text(utf8BytesMax: Self.messageBytesMax)
        } ?? code.defaultUserMessage
        let retryable = try payload.optionalField("retryable")?.bool() ?? code.defaultRetryable
        var affectedItems: [String] = []
        if let itemsField = try payload.optionalField("affectedItems") {
            let elements = try itemsField.elements()
            guard elements.count <= Self.affectedItemsMax else {
                throw itemsField.invalid("lists \(elements.count) items; at most \(Self.affectedItemsMax) are allowed (the total goes in details.affectedItemsTotal)")
            }
            for element in elements {
                affectedItems.append(try element.text(utf8BytesMax: Self.affectedItemBytesMax))
            }
        }
        let details = try payload.optionalField("details").map { field throws(JSONFieldError) in try ErrorDetails(decoding: field) } ?? ErrorDetails()
        if let total = details.affectedItemsTotal, total < affectedItems.count {
            let totalField = try payload.field("details").field("affectedItemsTotal")
            throw totalField.invalid("is \(total), fewer than the \(affectedItems.count) affected items listed")
        }
        self.init(validated: code, message: message, userMessage: userMessage, affectedItems: affectedItems, retryable: retryable, details: details)
    }
}
