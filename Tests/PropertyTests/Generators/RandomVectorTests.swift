import Generators
import SpecTesting
import Testing

/// The PRNG's outputs are pinned against Vigna's reference C code (splitmix64.c, xoshiro256starstar.c)
/// and Lemire's reference bounded-integer method, compiled with gcc: the same seed must give the same
/// values on every platform and toolchain, or every stored seed and replay token silently changes.
@Suite struct RandomVectorTests {
    static let splitMixVectors: [(UInt64, [UInt64])] = [
        (0, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC]),
        (1, [0x910A_2DEC_8902_5CC1, 0xBEEB_8DA1_658E_EC67, 0xF893_A2EE_FB32_555E, 0x71C1_8690_EE42_C90B]),
        (42, [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52, 0x581C_E1FF_0E4A_E394]),
        (0xDEAD_BEEF_CAFE_BABE, [0x0D7D_9356_0D19_29D2, 0x491D_FB74_0E50_D43F, 0x4272_2BF4_473E_5E7D, 0xD6CA_8A07_90FF_FC45]),
    ]

    static let xoshiroVectors: [(UInt64, [UInt64])] = [
        (0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C, 0xBBA5_AD4A_1F84_2E59, 0xFFEF_8375_D9EB_CACA]),
        (1, [0xB3F2_AF6D_0FC7_10C5, 0x853B_5596_4736_4CEA, 0x92F8_9756_082A_4514, 0x642E_1C7B_C266_A3A7, 0xB27A_48E2_9A23_3673, 0x24C1_2312_6FFD_A722]),
        (42, [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1, 0xFDE6_DC7F_E2EC_5E64, 0xC50D_A531_0179_5238]),
        (0xDEAD_BEEF_CAFE_BABE, [0x2299_B342_1AA7_8B66, 0x9AF6_5504_83E0_2887, 0xDA05_9CB5_EEC5_C979, 0xCF86_BD29_360F_FF98, 0x5CC8_83C9_4008_9820, 0xB006_10AC_ED04_900F]),
    ]

    @Test(arguments: splitMixVectors)
    func splitMix64MatchesTheReferenceImplementation(seed: UInt64, expected: [UInt64]) {
        var generator = SplitMix64(seed: seed)
        #expect((0..<4).map { _ in generator.next() } == expected)
    }

    @Test(arguments: xoshiroVectors)
    func xoshiroSeededBySplitMixMatchesTheReferenceImplementation(seed: UInt64, expected: [UInt64]) {
        var generator = Xoshiro256StarStar(seed: seed)
        #expect((0..<6).map { _ in generator.next() } == expected)
    }

    @Test func xoshiroFromRawStateMatchesTheReferenceImplementation() {
        var generator = Xoshiro256StarStar(_state: 1, 2, 3, 4)
        let expected: [UInt64] = [0x2D00, 0x0, 0x5A00_7080, 0x10E0_0000_0000_9D80, 0x10E0_B61C_E100_9D80, 0x0870_021C_E143_AD00]
        #expect((0..<6).map { _ in generator.next() } == expected)
    }

    @Test func boundedIntegersMatchLemiresReferenceMethod() {
        var small = Xoshiro256StarStar(seed: 7)
        #expect((0..<12).map { _ in small.nextBounded(below: 6) } == [4, 1, 5, 5, 5, 5, 0, 0, 2, 0, 3, 4])
        var large = Xoshiro256StarStar(seed: 7)
        #expect((0..<4).map { _ in large.nextBounded(below: 0x8000_0000_0000_0005) } == [6_461_677_535_414_238_000, 9_049_029_322_324_588_836, 9_139_072_988_219_048_336, 8_049_918_741_117_453_864])
    }

    @Test func doublesUseTheTop53Bits() {
        var generator = Xoshiro256StarStar(seed: 99)
        #expect((0..<4).map { _ in generator.nextDouble() } == [0.34870385642514956, 0.56400002473842115, 0.37821456048755686, 0.8556280223341497])
    }

    @Test func shuffleIsFisherYatesOverBoundedIntegers() {
        var generator = Xoshiro256StarStar(seed: 2024)
        var elements = Array(0..<10)
        generator.shuffle(&elements)
        #expect(elements == [2, 3, 8, 5, 6, 4, 1, 9, 7, 0])
    }

    @Test func splitAdvancesTheParentByExactlyOneOutput() {
        var parent = Xoshiro256StarStar(seed: 5)
        var reference = Xoshiro256StarStar(seed: 5)
        let seedOfChild = reference.next()
        var child = parent.split()
        var expectedChild = Xoshiro256StarStar(seed: seedOfChild)
        #expect(child.next() == expectedChild.next())
        #expect(parent.next() == reference.next())
    }

    @Test func boundedIntegersStayBelowTheirBound() {
        property(Gen.zip(Gen<UInt64>.word, Gen.integer(in: UInt64(1)...UInt64.max))) { seed, bound in
            var generator = Xoshiro256StarStar(seed: seed)
            for _ in 0..<8 {
                let value = generator.nextBounded(below: bound)
                try require(value < bound, "nextBounded(below: \(bound)) returned \(value)")
            }
        }
    }

    @Test func probabilityZeroIsNeverAndOneIsAlways() {
        var generator = Xoshiro256StarStar(seed: 3)
        #expect((0..<1_000).allSatisfy { _ in !generator.nextBool(probability: 0) })
        #expect((0..<1_000).allSatisfy { _ in generator.nextBool(probability: 1) })
    }
}
