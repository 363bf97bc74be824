import Foundation

extension BenchmarkReport {
    /// Encodes the report as pretty-printed JSON with sorted keys, ending in a newline.
    ///
    /// Non-finite numbers (which a faulty measured workload could produce) are written as the strings
    /// "+inf", "-inf" and "nan" rather than failing the whole report.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"
        )
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Decodes a report from JSON, naming `path` in any error.
    ///
    /// The schema version is checked first, so that a report from a newer benchrunner gets a message
    /// about its version rather than about whichever field changed.
    package static func decode(_ data: Data, path: String) throws(ReportFileError) -> BenchmarkReport {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"
        )
        let version: Int
        do {
            version = try decoder.decode(SchemaProbe.self, from: data).schemaVersion
        } catch {
            throw .notAReport(path: path, reason: explanation(of: error))
        }
        guard version == schemaVersionCurrent else {
            throw .unsupportedSchemaVersion(path: path, found: version, supported: schemaVersionCurrent)
        }
        do {
            return try decoder.decode(BenchmarkReport.self, from: data)
        } catch {
            throw .notAReport(path: path, reason: explanation(of: error))
        }
    }

    /// Reads the report at `path`, relative to the current directory.
    package static func load(from path: String) throws(ReportFileError) -> BenchmarkReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: FileManager.default.isReadableFile(atPath: path) ? "the file could not be read" : "it is not readable")
        }
        return try decode(data, path: path)
    }

    /// Writes the report to `path`, relative to the current directory, creating missing directories.
    ///
    /// The write is atomic, so an interrupted run never leaves half a report behind.
    package func write(to path: String) throws(ReportFileError) {
        let data: Data
        do {
            data = try jsonData()
        } catch {
            throw .unwritable(path: path, reason: "cannot encode it: \(error)")
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a directory")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: path, reason: "the folder \(folder.path) cannot be made")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            let reason = FileManager.default.isWritableFile(atPath: folder.path) ? "the file could not be written" : "the folder \(folder.path) is not writable"
            throw .unwritable(path: path, reason: reason)
        }
    }
}

/// The one field every schema version has, decoded before the rest.
private struct SchemaProbe: Decodable {
    var schemaVersion: Int
}

/// Says in a few words why decoding failed, with the JSON path of the offending field.
private func explanation(of error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case let .dataCorrupted(context) where context.codingPath.isEmpty:
        return "the file is not valid JSON"
    case let .dataCorrupted(context):
        return "\(jsonPath(context.codingPath)) has an invalid value (\(context.debugDescription))"
    case let .keyNotFound(key, context):
        return "\(jsonPath(context.codingPath + [key])) is missing"
    case let .typeMismatch(type, context):
        return "\(jsonPath(context.codingPath)) is not a \(type)"
    case let .valueNotFound(type, context):
        return "\(jsonPath(context.codingPath)) is null where a \(type) was expected"
    @unknown default:
        return "\(error)"
    }
}

/// Writes a coding path as `workloads[0].timed.samples`, or `the top level` when it is empty.
private func jsonPath(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    var text = ""
    for key in codingPath {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return "\"\(text)\""
}
