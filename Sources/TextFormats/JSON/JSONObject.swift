/// A JSON object: members with distinct keys, in the order they were parsed or added.
///
/// Keys are compared by their UTF-8 bytes, as they travel on the wire, never by Swift's `String`
/// equality (which identifies canonically equivalent strings such as "é" and "e\u{301}"). Two objects
/// are equal when they have the same members in any order, because they then encode to the same
/// canonical bytes (see `JSONValue`). Member order is kept for reading and for error messages only.
///
/// - Complexity: lookup by key is O(*n*) in the number of members; the model's objects are small,
///   and the parser bounds them with `JSONParseLimits.membersMax`.
public struct JSONObject: Sendable, Hashable, CustomStringConvertible {
    public typealias Member = (key: String, value: JSONValue)

    /// The members, in the order they were parsed or added.
    public private(set) var members: [Member]

    /// An empty object.
    public init() {
        members = []
    }

    /// An object with `members` in this order.
    /// - Precondition: the keys are distinct by UTF-8 bytes; a duplicate is a programmer error (the
    ///   parser reports duplicates in documents as `JSONParseError.duplicateKey`).
    public init(_ members: [(String, JSONValue)]) {
        if members.count <= JSONParser.linearKeyCheckMax {
            // Small objects (every message the model writes): compare keys pairwise, without hashing.
            for index in members.indices {
                for earlier in members[..<index] {
                    precondition(!earlier.0.utf8.elementsEqual(members[index].0.utf8), "JSONObject has the key \"\(members[index].0)\" twice; keys must be distinct")
                }
            }
        } else {
            var seen = Set<[UInt8]>()
            for (key, _) in members {
                precondition(seen.insert(Array(key.utf8)).inserted, "JSONObject has the key \"\(key)\" twice; keys must be distinct")
            }
        }
        self.members = members.map { (key: $0.0, value: $0.1) }
    }

    /// Members already known to have distinct keys (the parser checks them as it reads).
    package init(uncheckedMembers members: [Member]) {
        self.members = members
    }

    /// The number of members.
    public var count: Int { members.count }

    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in member order.
    public var keys: [String] { members.map(\.key) }

    /// The member named `key`; setting `nil` removes it, setting a value replaces the member in place
    /// or appends a new one.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(of: key) else { return nil }
            return members[index].value
        }
        set {
            let index = index(of: key)
            switch (index, newValue) {
            case let (index?, value?): members[index].value = value
            case let (index?, nil): members.remove(at: index)
            case let (nil, value?): members.append((key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The position of the member named `key`, compared by UTF-8 bytes.
    func index(of key: String) -> Int? {
        members.firstIndex { Self.sameKey($0.key, key) }
    }

    /// Whether two keys have the same UTF-8 bytes: lengths first (most keys differ there), then the
    /// bytes in contiguous storage.
    @inline(__always)
    @usableFromInline
    static func sameKey(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    /// Canonical equality: the same members in any order (see `JSONValue.==`).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }

    /// The canonical encoding.
    public var description: String { JSONValue.object(self).encodedString() }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written.
    /// - Precondition: the keys are distinct by UTF-8 bytes.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
