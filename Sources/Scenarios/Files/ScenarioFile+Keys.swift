import CommandLineParsing
import SpecModel

// A scenario file is strict: a key the loader does not read is an error naming it and the nearest key
// it does read, so a typo (`losPpm`) never runs a scenario without the fault it meant.
extension JSONField {
    /// Throws for an unknown member, naming the nearest known key: of several, the least in key order,
    /// so the error does not depend on the order the file writes its members in (the scenario fuzz
    /// target found that a file and its canonical JSON were refused for different keys).
    ///
    /// - Throws: `.wrongType` if this is not an object; `.invalidValue` at the unknown member.
    func requireKnownKeys(_ known: [String], of what: String) throws(JSONFieldError) {
        let unknown = try members().filter { !known.contains($0.key) }
        guard let (key, member) = unknown.min(by: { $0.key < $1.key }) else { return }
        // A long key is named cut, in the message, at its object's path: its own path would hold it whole.
        let at = key.unicodeScalars.count > 60 ? self : member
        throw at.invalid("\(what) has no key \(Self.quoted(key)); the nearest it has is \(Self.quoted(NearestName.nearest(to: key, in: known) ?? ""))")
    }

    /// The key as JSON would write it, cut to 60 characters (a hostile file may hold a long one).
    static func quoted(_ key: String) -> String {
        let shown = key.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(key.unicodeScalars.prefix(60))) + "…" : key
        return String(reflecting: shown)
    }
}
