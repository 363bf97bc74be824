import Foundation
import Generators

/// The committed store of past counterexamples, replayed before every run of their property.
///
/// The file is `Tests/Regressions/property-regressions.txt`: one entry per line, a replay token, then
/// whitespace, then the property's name exactly as failure reports print it. Blank lines and lines
/// starting with `#` are comments. A failure report prints the line to add.
public struct RegressionStore: Sendable {
    /// The store's path relative to the package root.
    public static let relativePath = "Tests/Regressions/property-regressions.txt"

    /// The tokens for each property name.
    public let entries: [String: [ReplayToken]]

    /// Parses the store's text; a malformed line is an error naming its line number.
    public init(parsing text: String) throws(RegressionStoreError) {
        var entries: [String: [ReplayToken]] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine).trimmingASCIIWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw .malformedLine(number: index + 1, reason: "expected a replay token, whitespace, then the property name")
            }
            let tokenText = String(line[..<space])
            let name = String(line[space...]).trimmingASCIIWhitespace()
            let token: ReplayToken
            do {
                token = try ReplayToken(parsing: tokenText)
            } catch {
                throw .malformedLine(number: index + 1, reason: error.description)
            }
            guard token.belongs(to: name) else {
                throw .malformedLine(number: index + 1, reason: "the token was made for a different property than \"\(name)\"")
            }
            entries[name, default: []].append(token)
        }
        self.entries = entries
    }

    /// The tokens stored for `propertyName`.
    public func tokens(for propertyName: String) -> [ReplayToken] {
        entries[propertyName] ?? []
    }

    /// The line that stores `token` for `propertyName`.
    public static func line(token: ReplayToken, propertyName: String) -> String {
        "\(token) \(propertyName)"
    }

    /// The package root, found from this source file's location.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
    }

    /// The store's absolute path.
    public static var path: String {
        packageRoot.appendingPathComponent(relativePath).path
    }

    /// The committed store, loaded once per test process.
    public static let shared: Result<RegressionStore, RegressionStoreError> = {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.missing(path: path))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(.malformedLine(number: 0, reason: "the file is not UTF-8"))
        }
        return Result { () throws(RegressionStoreError) in try RegressionStore(parsing: text) }
    }()
}

/// Why the regression store could not be used.
public enum RegressionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case malformedLine(number: Int, reason: String)

    public var description: String {
        switch self {
        case let .missing(path):
            return "the regression store \(path) is missing; it is committed with the package (restore it with git)"
        case let .malformedLine(number, reason):
            return "\(RegressionStore.relativePath) line \(number) is malformed: \(reason)"
        }
    }
}
