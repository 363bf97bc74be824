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

    /// The variable that names a regression store file explicitly.
    public static let pathVariable = "PROPERTY_REGRESSIONS"

    /// This package's root, found from this source file's location.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SpecTesting
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
    }

    /// Where the store is read from, in order: the file `PROPERTY_REGRESSIONS` names (which must exist);
    /// `Tests/Regressions/property-regressions.txt` under the working directory, which is the package
    /// root under `swift test`, so a package that depends on this one keeps its own store; this
    /// package's own store. `nil` when none exists: a consumer without a store replays nothing.
    public static func location(environment: [String: String], workingDirectory: String) -> Result<String?, RegressionStoreError> {
        if let named = environment[pathVariable], !named.isEmpty {
            return FileManager.default.fileExists(atPath: named) ? .success(named) : .failure(.missing(path: named))
        }
        let candidates = [
            URL(fileURLWithPath: workingDirectory).appendingPathComponent(relativePath).path,
            packageRoot.appendingPathComponent(relativePath).path,
        ]
        return .success(candidates.first { FileManager.default.fileExists(atPath: $0) })
    }

    /// The store, loaded once per test process; an empty store when there is none.
    public static let shared: Result<RegressionStore, RegressionStoreError> = {
        let found = location(environment: ProcessInfo.processInfo.environment, workingDirectory: FileManager.default.currentDirectoryPath)
        let path: String?
        switch found {
        case let .success(value): path = value
        case let .failure(error): return .failure(error)
        }
        guard let path else { return Result { () throws(RegressionStoreError) in try RegressionStore(parsing: "") } }
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
    /// The store file at `path` does not exist or cannot be read.
    case missing(path: String)
    /// A line (1-based; 0 for the whole file) is not a token and a matching property name.
    case malformedLine(number: Int, reason: String)

    public var description: String {
        switch self {
        case let .missing(path):
            return "the regression store \(path) is missing (\(RegressionStore.pathVariable) names it, or it is committed with the package: restore it with git)"
        case let .malformedLine(number, reason):
            return "\(RegressionStore.relativePath) line \(number) is malformed: \(reason)"
        }
    }
}
