import SpecModel

extension Basis {
    /// The basis as the reports and the test vectors write it: `{"kind": "seed", "seed": "004", "section",
    /// "quote"}`, `{"kind": "standard", "standard", "section", "text"}`, `{"kind": "decision", "decision":
    /// "D-051", "title", "options"}` or `{"kind": "reference"}`.
    public var json: JSONValue {
        switch self {
        case let .seed(passage):
            return .object(JSONObject([
                ("kind", "seed"), ("seed", .string(passage.document.number)),
                ("section", .string(passage.section)), ("quote", .string(passage.quote)),
            ]))
        case let .standard(clause):
            return .object(JSONObject([
                ("kind", "standard"), ("standard", .string(clause.standard.rawValue)),
                ("section", .string(clause.section)), ("text", .string(clause.text)),
            ]))
        case let .decision(id):
            let decision = Decision.named(id)
            return .object(JSONObject([
                ("kind", "decision"), ("decision", .string(id.rawValue)),
                ("title", decision.map { .string($0.title) } ?? .null),
                ("options", decision?.options.map(JSONValue.string) ?? .null),
            ]))
        case .reference:
            return .object(JSONObject([("kind", "reference")]))
        }
    }
}
