// RFC 4122 version-4 (random) UUIDs, as the app and StoryGraph exports write book identifiers.
//
// A version-4 UUID is 128 bits of which 122 are random: the version nibble (the 13th hex digit) is
// 4 and the variant bits (the top two bits of the 17th hex digit) are 10, so that digit is one of
// 8, 9, a, b. The canonical text is 32 hex digits grouped 8-4-4-4-12.

/// The random bits of a version-4 UUID and their canonical text.
public struct UUIDv4: Hashable, Sendable, CustomStringConvertible {
    /// The 60 random bits of the high half (the version nibble excluded).
    public let highRandomBits: UInt64
    /// The 62 random bits of the low half (the variant bits excluded).
    public let lowRandomBits: UInt64

    /// The largest value of `highRandomBits`: 60 bits.
    public static let highRandomBitsMax: UInt64 = (1 << 60) - 1
    /// The largest value of `lowRandomBits`: 62 bits.
    public static let lowRandomBitsMax: UInt64 = (1 << 62) - 1

    /// Creates the UUID with these random bits.
    /// - Precondition: each part fits its width.
    public init(highRandomBits: UInt64, lowRandomBits: UInt64) {
        precondition(highRandomBits <= Self.highRandomBitsMax, "highRandomBits \(highRandomBits) exceeds 60 bits")
        precondition(lowRandomBits <= Self.lowRandomBitsMax, "lowRandomBits \(lowRandomBits) exceeds 62 bits")
        self.highRandomBits = highRandomBits
        self.lowRandomBits = lowRandomBits
    }

    /// The high 64 bits with the version nibble (bits 12–15) set to 4.
    public var high: UInt64 {
        let timeHigh = highRandomBits & 0xFFF               // 12 bits below the version nibble
        let rest = highRandomBits >> 12                     // 48 bits above it
        return rest << 16 | 0x4 << 12 | timeHigh
    }

    /// The low 64 bits with the variant (the top two bits) set to 10.
    public var low: UInt64 { 0x8000_0000_0000_0000 | lowRandomBits }

    /// Lowercase canonical text: `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    public var description: String { text(uppercase: false) }

    /// The canonical 8-4-4-4-12 text in lowercase or uppercase hex.
    public func text(uppercase: Bool) -> String {
        let digits: [UInt8] = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (half, word) in [high, low].enumerated() {
            for nibble in 0..<16 {
                let position = half * 16 + nibble
                if position == 8 || position == 12 || position == 16 || position == 20 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(digits[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Gen where Value == UUIDv4 {
    /// Generates version-4 UUIDs uniformly over their 122 random bits.
    ///
    /// Two uniform choices (no small-number bias, so distinct draws collide no more than real UUIDs
    /// do), shrinking toward `00000000-0000-4000-8000-000000000000`.
    public static var uuidV4: Gen {
        let highKind = ChoiceKind(offsetMax: UUIDv4.highRandomBitsMax)
        let lowKind = ChoiceKind(offsetMax: UUIDv4.lowRandomBitsMax)
        return Gen { source throws(GenerationStop) in
            let high = try source.drawUniformIndex(highKind)
            let low = try source.drawUniformIndex(lowKind)
            return UUIDv4(highRandomBits: high, lowRandomBits: low)
        }
    }
}

extension Gen where Value == String {
    /// Generates lowercase canonical version-4 UUID strings, such as an app's book identifiers.
    public static var uuidString: Gen { Gen<UUIDv4>.uuidV4.map { $0.text(uppercase: false) } }

    /// Generates uppercase canonical version-4 UUID strings (as Foundation's `UUID().uuidString`).
    public static var uppercaseUUIDString: Gen { Gen<UUIDv4>.uuidV4.map { $0.text(uppercase: true) } }
}
