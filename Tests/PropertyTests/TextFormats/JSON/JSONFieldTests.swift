import Generators
import SpecModel
import SpecTesting
import Testing

/// Decoding a message names the field at fault by its path, so a rejected request or message says
/// exactly what to fix (Seed: 000_…, the cancel request `{"jobId": …}`; Seed: 003_…, message payloads).
@Suite struct JSONFieldTests {
    static let message: JSONValue = [
        "type": "job_progress",
        "jobId": "550e8400-e29b-41d4-a716-446655440000",
        "timestamp": 1_698_764_400_000,
        "payload": ["progress": 0.5, "status": "running", "processedCount": 5, "keepAlive": .null],
        "items": [["id": "a"], ["id": 7]],
        "job id": ["0": true],
    ]

    @Test func presentFieldsAreReadWithTheirTypes() throws {
        let root = JSONField(Self.message)
        #expect(try root.field("jobId").string() == "550e8400-e29b-41d4-a716-446655440000")
        #expect(try root.field("timestamp").int64() == 1_698_764_400_000)
        #expect(try root.field("payload").field("progress").double() == 0.5)
        #expect(try root.field("payload").field("processedCount").double() == 5)
        #expect(try root.field("job id").field("0").bool() == true)
        try root.field("payload").field("keepAlive").null()
    }

    @Test func aMissingFieldNamesItsFullPath() {
        let root = JSONField(Self.message)
        #expect(throws: JSONFieldError.missing(path: "payload.currentItem")) { try root.field("payload").field("currentItem") }
        #expect(JSONFieldError.missing(path: "payload.processedCount").description == "missing required field payload.processedCount")
    }

    @Test func aWrongTypeNamesThePathTheExpectedKindAndTheFoundKind() {
        let root = JSONField(["jobId": 42])
        #expect(throws: JSONFieldError.wrongType(path: "jobId", expected: "string", found: "number")) { try root.field("jobId").string() }
        #expect(JSONFieldError.wrongType(path: "jobId", expected: "string", found: "number").description == "field jobId should be a string but is a number")
    }

    @Test func arrayElementsAndOddKeysHaveUnambiguousPaths() throws {
        let root = JSONField(Self.message)
        let items = try root.field("items").elements()
        #expect(items.map(\.path) == ["items[0]", "items[1]"])
        #expect(throws: JSONFieldError.wrongType(path: "items[1].id", expected: "string", found: "number")) { try items[1].field("id").string() }
        #expect(throws: JSONFieldError.wrongType(path: #"["job id"]["0"]"#, expected: "string", found: "boolean")) {
            try root.field("job id").field("0").string()
        }
    }

    @Test func theTopLevelIsNamedAsSuch() {
        let root = JSONField([1, 2])
        #expect(throws: JSONFieldError.wrongType(path: "", expected: "object", found: "array")) { try root.field("jobId") }
        #expect(JSONFieldError.wrongType(path: "", expected: "object", found: "array").description == "the top-level value should be an object but is an array")
    }

    /// Integers are numbers written without fraction or exponent: `1.5` and `1e3` are the wrong type.
    @Test func anIntegerFieldRejectsDoubles() {
        let root = JSONField(["a": 1.5, "b": 1e3, "c": "1"])
        #expect(throws: JSONFieldError.wrongType(path: "a", expected: "integer", found: "number")) { try root.field("a").int64() }
        #expect(throws: JSONFieldError.wrongType(path: "b", expected: "integer", found: "number")) { try root.field("b").int64() }
        #expect(throws: JSONFieldError.wrongType(path: "c", expected: "integer", found: "string")) { try root.field("c").int64() }
    }

    /// An optional field is `nil` when absent or `null`, and still type-checked when present.
    @Test func optionalFieldsTreatAbsentAndNullAlike() throws {
        let payload = try JSONField(Self.message).field("payload")
        #expect(try payload.optionalField("currentItem") == nil)
        #expect(try payload.optionalField("keepAlive") == nil)
        #expect(try payload.optionalField("processedCount")?.int64() == 5)
        #expect(throws: JSONFieldError.wrongType(path: "payload.status", expected: "integer", found: "string")) { try payload.optionalField("status")?.int64() }
    }

    @Test func anInvalidValueCarriesItsPathAndReason() throws {
        let progress = try JSONField(Self.message).field("payload").field("progress")
        let error = progress.invalid("must be between 0 and 1, got 1.5")
        #expect(error == .invalidValue(path: "payload.progress", reason: "must be between 0 and 1, got 1.5"))
        #expect(error.description == "field payload.progress is invalid: must be between 0 and 1, got 1.5")
    }

    /// The cancel request of the seed decodes; a body without `jobId` says which field is missing.
    @Test func theCancelRequestDecodesAndAMissingJobIdIsNamed() throws {
        let body = try JSONValue(parsing: #"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#)
        #expect(try JSONField(body).field("jobId").string() == "550e8400-e29b-41d4-a716-446655440000")
        let empty = try JSONValue(parsing: "{}")
        #expect(throws: JSONFieldError.missing(path: "jobId")) { try JSONField(empty).field("jobId").string() }
    }

    /// For any chain of identifier keys, the missing leaf is reported as the keys joined by dots.
    @Test func theMissingPathIsTheChainOfKeys() {
        let identifier = Gen.string(ofScalars: Gen.element(of: Array("abcXYZ_$09".unicodeScalars)), count: 1...6)
            .filter("starts with a non-digit") { $0.first.map { !$0.isNumber } == true }
        property(Gen<String>.array(of: identifier, count: 1...5)) { keys in
            var value: JSONValue = [:]
            for key in keys.dropLast().reversed() { value = .object(JSONObject([(key, value)])) }
            let lookup = Result { () throws(JSONFieldError) -> JSONField in
                var field = JSONField(value)
                for key in keys { field = try field.field(key) }
                return field
            }
            guard case let .failure(error) = lookup else { throw PropertyViolation("found \(keys) in \(value)") }
            try requireEqual(error, .missing(path: keys.joined(separator: ".")))
        }
    }
}
