import Foundation

/// How benchrunner writes durations, rates, sizes and changes, so that every table reads the same way.
package enum Formatting {
    /// A duration with a unit chosen to keep one to three digits before the point: `812.0 ns`,
    /// `1.953 ms`, `12.40 s`. Four significant digits.
    package static func duration(seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds) s" }
        let magnitude = abs(seconds)
        let (scaled, unit): (Double, String) =
            if magnitude >= 1 { (seconds, "s") }
            else if magnitude >= 1e-3 { (seconds * 1e3, "ms") }
            else if magnitude >= 1e-6 { (seconds * 1e6, "µs") }
            else { (seconds * 1e9, "ns") }
        return "\(significant(scaled)) \(unit)"
    }

    /// A rate with an SI prefix and the unit: `512.3 M words/s`, `950.0 arrays/s`; without a unit,
    /// the number and its prefix alone: `512.3 M`, `950.0`.
    package static func rate(_ perSecond: Double, unit: String?) -> String {
        let suffix = unit.map { "\($0)/s" } ?? ""
        guard perSecond.isFinite else { return "\(perSecond) \(suffix)" }
        let prefixes: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (factor, prefix) in prefixes where abs(perSecond) >= factor {
            return String(format: "%.1f", perSecond / factor) + " " + ([prefix, suffix].filter { !$0.isEmpty }.joined(separator: " "))
        }
        return String(format: "%.1f", perSecond) + (suffix.isEmpty ? "" : " " + suffix)
    }

    /// A size in MiB with one decimal, or `n/a` where it could not be measured.
    package static func mebibytes(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        return String(format: "%.1f", value)
    }

    /// A signed change in percent with one decimal, `+12.5%` or `-3.0%`, or `n/a`.
    package static func percentChange(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return String(format: "%+.1f%%", value)
    }

    /// A plain number: integers without a fraction (`1200`), others with up to four significant
    /// digits (`0.3333`, `12.5`).
    package static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.4g", value)
    }

    /// Four significant digits without an exponent, for values from 1 to 999.9.
    private static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }
}

/// `text` in double quotes, so that empty and space-padded values are visible in messages.
func quoted(_ text: String) -> String {
    "\"\(text)\""
}
