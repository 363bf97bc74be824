import Foundation
import ProcessAdapter
import SpecModel
import Testing

/// The protocol's documentation and schema name every seam the runner speaks, so a program written from
/// them serves what the runner asks.
@Suite struct AdapterDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs")

    @Test func theSchemaListsEverySeamInOrder() throws {
        let data = try Data(contentsOf: Self.docs.appendingPathComponent("adapter-protocol.schema.json"))
        let schema = try JSONValue(parsing: [UInt8](data))
        let listed = try #require(schema["$defs"]?["SeamID"]?["enum"]?.array).compactMap(\.string)
        #expect(listed == AdapterSeam.allCases.map(\.rawValue))
        #expect(schema["title"]?.string?.contains("version \(AdapterProtocol.version)") == true)
    }

    @Test func theGuideHasASectionForEverySeam() throws {
        let guide = try String(contentsOf: Self.docs.appendingPathComponent("ProcessAdapter.md"), encoding: .utf8)
        for seam in AdapterSeam.allCases {
            #expect(guide.contains("**`\(seam.rawValue)`**"), "Docs/ProcessAdapter.md has no section for \(seam.rawValue)")
        }
        #expect(guide.contains("protocol version \(AdapterProtocol.version)"))
    }
}
