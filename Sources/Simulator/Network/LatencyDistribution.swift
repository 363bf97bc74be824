import Generators

/// How long a frame or a request takes to cross a link, drawn from the run's PRNG.
///
/// All in integer nanoseconds. `longTailed` is a Pareto tail over a fixed floor: most draws sit near the
/// floor plus the scale, and a few are many times longer, as on a mobile network.
public enum LatencyDistribution: Hashable, Sendable, CustomStringConvertible {
    /// Always the same latency, in nanoseconds.
    case fixed(nanoseconds: UInt64)
    /// Uniform in `minimum...maximum`.
    case uniform(minimum: UInt64, maximum: UInt64)
    /// `floor + scale × (U^(-1/shape) − 1)`, capped at `cap`; `shape` in tenths (15 = 1.5; smaller is
    /// heavier).
    case longTailed(floor: UInt64, scale: UInt64, shapeTenths: UInt64, cap: UInt64)

    /// A latency in nanoseconds, taking at most one value from `random`, so a run's draws follow from its
    /// seed.
    public func draw(_ random: inout Xoshiro256StarStar) -> UInt64 {
        switch self {
        case let .fixed(nanoseconds):
            return nanoseconds
        case let .uniform(minimum, maximum):
            precondition(minimum <= maximum, "uniform latency \(minimum)...\(maximum) is empty")
            return minimum + random.nextBounded(through: maximum - minimum)
        case let .longTailed(floor, scale, shapeTenths, cap):
            precondition(shapeTenths > 0, "a Pareto shape must be positive")
            // U in (0, 1]; U^(-1/shape) - 1 in [0, ∞).
            let u = 1.0 - random.nextDouble()
            let tail = Double(scale) * (DeterministicMath.pow(u, -10.0 / Double(shapeTenths)) - 1.0)
            let extra = tail.isFinite && tail < Double(cap) ? UInt64(tail) : cap
            return min(cap, floor + extra)
        }
    }

    /// The smallest latency the distribution can draw.
    public var minimum: UInt64 {
        switch self {
        case let .fixed(nanoseconds): return nanoseconds
        case let .uniform(minimum, _): return minimum
        case let .longTailed(floor, _, _, cap): return min(floor, cap)
        }
    }

    public var description: String {
        switch self {
        case let .fixed(nanoseconds): return "fixed \(nanoseconds / 1_000_000) ms"
        case let .uniform(minimum, maximum): return "uniform \(minimum / 1_000_000)–\(maximum / 1_000_000) ms"
        case let .longTailed(floor, scale, shape, cap): return "long-tailed floor \(floor / 1_000_000) ms scale \(scale / 1_000_000) ms shape \(Double(shape) / 10) cap \(cap / 1_000_000) ms"
        }
    }
}

/// Elementary functions computed with IEEE operations only, so a draw is the same on every platform and
/// toolchain (the C library's `pow` and `log` may differ in the last bit between platforms, and SpecModel
/// and Simulator do not import Foundation).
enum DeterministicMath {
    /// `x^y` for `x` in (0, 1] (the Pareto draw): exp(y × ln x).
    static func pow(_ x: Double, _ y: Double) -> Double {
        exp(y * ln(x))
    }

    /// Natural logarithm of a positive finite `x`: range reduction to [1, 2), then an atanh series.
    static func ln(_ x: Double) -> Double {
        precondition(x > 0 && x.isFinite, "ln of \(x)")
        let exponent = Double(x.exponent)
        let mantissa = x.significand
        let z = (mantissa - 1) / (mantissa + 1)
        let z2 = z * z
        var term = z
        var sum = 0.0
        var k = 1.0
        while k < 60 {
            sum += term / k
            term *= z2
            k += 2
        }
        return 2 * sum + exponent * 0.693_147_180_559_945_3
    }

    /// e^x: x = n ln 2 + r with |r| ≤ ln 2 / 2, then a Taylor series for e^r.
    static func exp(_ x: Double) -> Double {
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let ln2 = 0.693_147_180_559_945_3
        let n = (x / ln2).rounded()
        let r = x - n * ln2
        var term = 1.0
        var sum = 1.0
        for k in 1..<30 {
            term *= r / Double(k)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(n), significand: 1)
    }
}

/// `DeterministicMath` for tests, which cannot see internal symbols (`@testable` is not used here).
package enum DeterministicMathProbe {
    package static func ln(_ x: Double) -> Double { DeterministicMath.ln(x) }
    package static func exp(_ x: Double) -> Double { DeterministicMath.exp(x) }
    package static func pow(_ x: Double, _ y: Double) -> Double { DeterministicMath.pow(x, y) }
}
