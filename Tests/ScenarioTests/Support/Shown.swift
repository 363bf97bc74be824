import Testing

/// A parameterized test's argument shown as a Swift literal, escapes and all, so an argument holding
/// a line break or a tab stays on its test case's one line of output.
struct Shown<Value: Sendable>: Sendable, CustomTestStringConvertible {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    var testDescription: String { String(reflecting: value) }
}

extension Shown: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral where Value == String {
    init(stringLiteral value: String) {
        self.value = value
    }
}

extension Shown where Value == Unicode.Scalar {
    init(scalar value: Unicode.Scalar) {
        self.value = value
    }
}
