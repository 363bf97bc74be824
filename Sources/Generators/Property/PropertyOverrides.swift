/// Settings a whole test run takes from the environment, parsed and validated.
///
/// | variable | form | effect |
/// |---|---|---|
/// | `PROPERTY_SEED` | `42` or `0x2a` | root seed; each property's seed is derived from it and its name |
/// | `PROPERTY_CASES` | positive integer | exact case count for every property |
/// | `PROPERTY_CASES_SCALE` | positive number (`100`, `0.5`) | multiplies every property's case count |
/// | `PROPERTY_REPLAY` | a replay token `p1.…` | evaluates that counterexample once instead of generating |
/// | `PROPERTY_SHRINK_SECONDS` | positive number | time bound on one shrink (default 60) |
/// | `PROPERTY_SHRINK_EVALUATIONS` | positive integer | evaluation bound on one shrink (default 10,000) |
/// | `PROPERTY_VERBOSE` | `1`/`0`, `true`/`false`, `yes`/`no` | print every property's statistics |
///
/// A malformed value is an error naming the variable and the expected form; it is never ignored.
public struct PropertyOverrides: Sendable, Equatable {
    /// The root seed from `PROPERTY_SEED`; each property's seed is derived from it and the property's name.
    public var rootSeed: UInt64?
    /// The exact case count from `PROPERTY_CASES`, used for every property instead of its default.
    public var cases: Int?
    /// The factor from `PROPERTY_CASES_SCALE` that multiplies every property's default case count.
    public var casesScale: Double?
    /// The counterexample from `PROPERTY_REPLAY`, evaluated once instead of generating cases.
    public var replay: ReplayToken?
    /// The time bound on one shrink from `PROPERTY_SHRINK_SECONDS`, in seconds of wall-clock time.
    public var shrinkSeconds: Double?
    /// The evaluation bound on one shrink from `PROPERTY_SHRINK_EVALUATIONS`.
    public var shrinkEvaluationsMax: Int?
    /// Whether `PROPERTY_VERBOSE` asks for every property's statistics to be printed; false when unset.
    public var verbose: Bool

    /// The variable that sets the root seed, decimal or `0x` hexadecimal.
    public static let seedVariable = "PROPERTY_SEED"
    /// The variable that fixes every property's case count.
    public static let casesVariable = "PROPERTY_CASES"
    /// The variable that scales every property's default case count.
    public static let casesScaleVariable = "PROPERTY_CASES_SCALE"
    /// The variable that holds a replay token to evaluate instead of generating.
    public static let replayVariable = "PROPERTY_REPLAY"
    /// The variable that bounds one shrink's time, in seconds.
    public static let shrinkSecondsVariable = "PROPERTY_SHRINK_SECONDS"
    /// The variable that bounds one shrink's property evaluations.
    public static let shrinkEvaluationsVariable = "PROPERTY_SHRINK_EVALUATIONS"
    /// The variable that turns on every property's statistics.
    public static let verboseVariable = "PROPERTY_VERBOSE"

    /// The largest case count accepted, after scaling.
    public static let casesMax = 100_000_000
    /// The largest case scale accepted.
    public static let casesScaleMax = 100_000.0
    /// The longest shrink time accepted, in seconds (a day).
    public static let shrinkSecondsMax = 86_400.0

    /// No overrides: every property runs with its own fixed defaults.
    public init() {
        verbose = false
    }

    /// Parses the overrides from an environment; unset or empty variables are absent.
    public init(environment: [String: String]) throws(PropertyOverridesError) {
        self.init()
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingASCIIWhitespace(), !raw.isEmpty else { return nil }
            return raw
        }
        if let raw = value(Self.seedVariable) {
            guard let seed = Self.parseSeed(raw) else {
                throw .invalid(variable: Self.seedVariable, value: raw, expected: "an unsigned 64-bit integer, decimal (42) or hexadecimal (0x2a)")
            }
            rootSeed = seed
        }
        if let raw = value(Self.casesVariable) {
            guard let cases = Int(raw), cases > 0, cases <= Self.casesMax else {
                throw .invalid(variable: Self.casesVariable, value: raw, expected: "a positive integer no larger than \(Self.casesMax), such as 1000")
            }
            self.cases = cases
        }
        if let raw = value(Self.casesScaleVariable) {
            guard let scale = Double(raw), scale.isFinite, scale > 0, scale <= Self.casesScaleMax else {
                throw .invalid(variable: Self.casesScaleVariable, value: raw, expected: "a positive number no larger than \(Int(Self.casesScaleMax)), such as 100 or 0.5")
            }
            casesScale = scale
        }
        if cases != nil, casesScale != nil {
            throw .conflicting(Self.casesVariable, Self.casesScaleVariable)
        }
        if let raw = value(Self.replayVariable) {
            do {
                replay = try ReplayToken(parsing: raw)
            } catch {
                throw .invalidToken(variable: Self.replayVariable, error)
            }
        }
        if let raw = value(Self.shrinkSecondsVariable) {
            guard let seconds = Double(raw), seconds.isFinite, seconds > 0, seconds <= Self.shrinkSecondsMax else {
                throw .invalid(variable: Self.shrinkSecondsVariable, value: raw, expected: "a positive number of seconds no larger than \(Int(Self.shrinkSecondsMax)), such as 30")
            }
            shrinkSeconds = seconds
        }
        if let raw = value(Self.shrinkEvaluationsVariable) {
            guard let evaluations = Int(raw), evaluations > 0 else {
                throw .invalid(variable: Self.shrinkEvaluationsVariable, value: raw, expected: "a positive integer, such as 10000")
            }
            shrinkEvaluationsMax = evaluations
        }
        if let raw = value(Self.verboseVariable) {
            switch raw.lowercased() {
            case "1", "true", "yes": verbose = true
            case "0", "false", "no": verbose = false
            default:
                throw .invalid(variable: Self.verboseVariable, value: raw, expected: "1, 0, true, false, yes or no")
            }
        }
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return UInt64(lower.dropFirst(2), radix: 16) }
        return UInt64(lower)
    }

    /// The case count a property with `defaultCases` runs under these overrides.
    public func cases(forDefault defaultCases: Int) -> Int {
        if let cases { return cases }
        if let casesScale {
            let scaled = (Double(defaultCases) * casesScale)
            return Swift.max(1, Swift.min(Self.casesMax, Int(scaled)))
        }
        return defaultCases
    }

    /// The seed a property named `name` runs with, given its own default.
    public func seed(forProperty name: String, default defaultSeed: UInt64) -> UInt64 {
        rootSeed.map { PropertySettings.seed(for: name, root: $0) } ?? defaultSeed
    }
}

/// Why the environment's property settings were rejected.
public enum PropertyOverridesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A variable's value is malformed or out of range; names the form it should take.
    case invalid(variable: String, value: String, expected: String)
    /// The replay variable does not hold a valid replay token.
    case invalidToken(variable: String, ReplayTokenError)
    /// Two variables that exclude each other are both set: `PROPERTY_CASES` and `PROPERTY_CASES_SCALE` (D-009).
    case conflicting(String, String)

    public var description: String {
        switch self {
        case let .invalid(variable, value, expected):
            return "\(variable) must be \(expected); got \"\(value.prefix(80))\""
        case let .invalidToken(variable, error):
            return "\(variable) is not a valid replay token: \(error)"
        case let .conflicting(first, second):
            return "\(first) and \(second) are both set; set one: \(first) fixes the case count, \(second) multiplies the defaults"
        }
    }
}
