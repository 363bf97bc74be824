import Generators
import SpecTesting
import Testing

/// The environment overrides every fixed default (more cases nightly, another seed, a replay), and a
/// malformed value is an error naming the variable and the expected form: never ignored, never a crash.
@Suite struct PropertyOverridesTests {
    @Test func anEmptyEnvironmentOverridesNothing() throws {
        let overrides = try PropertyOverrides(environment: ["PATH": "/bin", "PROPERTY_SEED": "  "])
        #expect(overrides == PropertyOverrides())
        #expect(overrides.cases(forDefault: 100) == 100)
        #expect(overrides.seed(forProperty: "p", default: 7) == 7)
    }

    @Test func seedsAreDecimalOrHexadecimal() throws {
        #expect(try PropertyOverrides(environment: ["PROPERTY_SEED": "42"]).rootSeed == 42)
        #expect(try PropertyOverrides(environment: ["PROPERTY_SEED": "0x2A"]).rootSeed == 42)
        #expect(try PropertyOverrides(environment: ["PROPERTY_SEED": "18446744073709551615"]).rootSeed == .max)
    }

    @Test func aRootSeedGivesEachPropertyItsOwnDerivedSeed() throws {
        let overrides = try PropertyOverrides(environment: ["PROPERTY_SEED": "9"])
        let a = overrides.seed(forProperty: "a", default: 1)
        let b = overrides.seed(forProperty: "b", default: 1)
        #expect(a != b)
        #expect(a == PropertySettings.seed(for: "a", root: 9))
    }

    @Test func caseCountsAreFixedOrScaled() throws {
        #expect(try PropertyOverrides(environment: ["PROPERTY_CASES": "5000"]).cases(forDefault: 100) == 5000)
        #expect(try PropertyOverrides(environment: ["PROPERTY_CASES_SCALE": "100"]).cases(forDefault: 250) == 25_000)
        #expect(try PropertyOverrides(environment: ["PROPERTY_CASES_SCALE": "0.001"]).cases(forDefault: 100) == 1)
    }

    @Test func theOtherSettingsParse() throws {
        let token = ReplayToken(propertyName: "p", seed: 3, choices: [1, 2])
        let overrides = try PropertyOverrides(environment: [
            "PROPERTY_REPLAY": token.description, "PROPERTY_SHRINK_SECONDS": "2.5",
            "PROPERTY_SHRINK_EVALUATIONS": "50", "PROPERTY_VERBOSE": "yes",
        ])
        #expect(overrides.replay == token)
        #expect(overrides.shrinkSeconds == 2.5)
        #expect(overrides.shrinkEvaluationsMax == 50)
        #expect(overrides.verbose)
    }

    static let invalid: [(String, String)] = [
        ("PROPERTY_SEED", "-1"), ("PROPERTY_SEED", "0xZZ"), ("PROPERTY_SEED", "99999999999999999999999"),
        ("PROPERTY_CASES", "abc"), ("PROPERTY_CASES", "0"), ("PROPERTY_CASES", "-5"), ("PROPERTY_CASES", "1000000000"),
        ("PROPERTY_CASES_SCALE", "fast"), ("PROPERTY_CASES_SCALE", "0"), ("PROPERTY_CASES_SCALE", "inf"), ("PROPERTY_CASES_SCALE", "nan"),
        ("PROPERTY_SHRINK_SECONDS", "-3"), ("PROPERTY_SHRINK_SECONDS", "forever"),
        ("PROPERTY_SHRINK_EVALUATIONS", "1.5"), ("PROPERTY_VERBOSE", "maybe"),
    ]

    @Test(arguments: invalid)
    func malformedValuesNameTheVariableAndTheExpectedForm(variable: String, value: String) {
        do {
            _ = try PropertyOverrides(environment: [variable: value])
            Issue.record("\(variable)=\(value) was accepted")
        } catch {
            guard case let .invalid(named, got, expected) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(named == variable)
            #expect(got == value)
            #expect(error.description.hasPrefix("\(variable) must be \(expected)"))
        }
    }

    @Test func aMalformedReplayTokenNamesTheVariable() {
        #expect(throws: PropertyOverridesError.invalidToken(variable: "PROPERTY_REPLAY", .missingPrefix(found: "garbage"))) {
            try PropertyOverrides(environment: ["PROPERTY_REPLAY": "garbage"])
        }
    }

    @Test func fixedAndScaledCaseCountsConflict() {
        #expect(throws: PropertyOverridesError.conflicting("PROPERTY_CASES", "PROPERTY_CASES_SCALE")) {
            try PropertyOverrides(environment: ["PROPERTY_CASES": "10", "PROPERTY_CASES_SCALE": "2"])
        }
    }
}
