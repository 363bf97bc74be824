import BenchmarkHarness
import Testing

// How tables and figures are written: aligned columns, readable units.
@Suite struct OutputFormattingTests {
    @Test func aTableAlignsItsColumnsAndTrimsTrailingSpaces() {
        var table = TextTable([.init("NAME"), .init("VALUE", .right), .init("NOTE")])
        table.append(["a", "1", ""])
        table.append(["longer", "12345", "x"])
        #expect(table.render() == """
            NAME    VALUE  NOTE
            ------  -----  ----
            a           1
            longer  12345  x
            """)
    }

    @Test(arguments: [
        (2.5, "2.500 s"), (12.4, "12.40 s"), (0.001953, "1.953 ms"), (0.0004, "400.0 µs"),
        (8.12e-7, "812.0 ns"), (0, "0.000 ns"),
    ])
    func durationsUseAUnitThatKeepsTheDigitsShort(seconds: Double, expected: String) {
        #expect(Formatting.duration(seconds: seconds) == expected)
    }

    @Test(arguments: [(512.3e6, "512.3 M words/s"), (950, "950.0 words/s"), (1.2e9, "1.2 G words/s"), (2500, "2.5 k words/s")])
    func ratesUseAnSIPrefixAndTheUnit(perSecond: Double, expected: String) {
        #expect(Formatting.rate(perSecond, unit: "words") == expected)
    }

    @Test func numbersAndChangesReadNaturally() {
        #expect(Formatting.number(1200) == "1200")
        #expect(Formatting.number(0.333333) == "0.3333")
        #expect(Formatting.percentChange(12.345) == "+12.3%")
        #expect(Formatting.percentChange(-3) == "-3.0%")
        #expect(Formatting.percentChange(nil) == "n/a")
        #expect(Formatting.mebibytes(nil) == "n/a")
        #expect(Formatting.mebibytes(19.44) == "19.4")
    }
}
