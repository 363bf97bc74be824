/// The SplitMix64 generator, used only to expand one 64-bit seed into generator state.
///
/// SplitMix64 (Steele, Lea and Flood, 2014) passes BigCrush on its own, but its real job here is seeding:
/// it turns any seed, including 0 and small consecutive integers, into well-mixed, independent-looking
/// words. `Xoshiro256StarStar(seed:)` draws its four state words from it, as Vigna recommends.
///
/// The algorithm is fixed by its reference implementation (`splitmix64.c`); `RandomVectorTests` pins
/// its output so that no platform or toolchain can change it.
public struct SplitMix64: Sendable, Hashable {
    /// The generator's whole state: a Weyl sequence counter.
    public var state: UInt64

    /// Creates a generator whose first output is derived from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64-bit output.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective avalanche of one word.
    ///
    /// Also used on its own to derive sub-seeds (`mix(seed ^ label)`) without a generator.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
