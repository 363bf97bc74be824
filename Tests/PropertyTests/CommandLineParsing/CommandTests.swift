import CommandLineParsing
import Testing

/// A declared command line reads what its declaration allows and names what it does not, with the
/// value it got (issue 38, "one small command-line module").
@Suite struct CommandTests {
    static let command = Command(
        "tool check", "Checks a file.",
        arguments: [.init("FILE", "the file"), .init("OUT", "where to write", isRequired: false)],
        options: [.value("--seed", "N", "the seed"), .flag("--strict", "fail on warnings")],
        discussion: "Exit status: 0 clean, 2 a usage error."
    )

    @Test func argumentsOptionsAndFlagsAreRead() throws {
        let parsed = try Self.command.parse(["a.json", "--seed", "-7", "--strict", "out.txt"])
        #expect(parsed.positionals == ["a.json", "out.txt"])
        #expect(parsed.values == ["--seed": "-7"])
        #expect(parsed.has("--strict"))
        #expect(try parsed.value("--seed", "an integer") { Int($0) } == -7)
        #expect(try Self.command.parse(["a.json"]).value("--seed", "an integer") { Int($0) } == nil)
        #expect(try Self.command.parse(["--help"]).wantsHelp, "--help needs no argument")
    }

    /// As swift-argument-parser reads them: a value attached with `=` (the only way to give one that
    /// starts with `--`), the last of a repeated option, and `--help` ending the parse.
    @Test func attachedValuesRepeatsAndHelpReadAsArgumentParserReadsThem() throws {
        let attached = try Self.command.parse(["a.json", "--seed=--7"])
        #expect(attached.values == ["--seed": "--7"])
        let repeated = try Self.command.parse(["a.json", "--seed", "1", "--seed=2"])
        #expect(repeated.values == ["--seed": "2"] && repeated.allValues == ["--seed": ["1", "2"]])
        #expect(try Self.command.parse(["-h", "--bogus", "x", "y", "z"]).wantsHelp)
    }

    @Test(arguments: [
        (["a.json", "--sead", "1"], "unknown option --sead (did you mean --seed?); tool check takes --seed, --strict"),
        (["a.json", "--seed"], "--seed needs a value (N)"),
        (["a.json", "--seed", "--strict"], "--seed needs a value (N)"),
        (["a.json", "--strict=yes"], "--strict takes no value, got yes"),
        (["a.json", "--help=1"], "--help takes no value, got 1"),
        (["a.json", "--sead=1"], "unknown option --sead (did you mean --seed?); tool check takes --seed, --strict"),
        (["a.json", "--str"], "unknown option --str (did you mean --strict?); tool check takes --seed, --strict"),
        (["--bogus", "--help"], "unknown option --bogus; tool check takes --seed, --strict"),
        (["a.json", "b", "c"], "tool check takes at most 2 arguments, but got c as well"),
        ([], "tool check needs FILE: the file"),
        (["--strict"], "tool check needs FILE: the file"),
    ])
    func aLineOutsideTheDeclarationIsAUsageError(words: [String], message: String) {
        #expect(throws: UsageError(message, command: Self.command)) { try Self.command.parse(words) }
    }

    @Test func aValueTheConversionRefusesIsNamedWithWhatItMustBe() throws {
        let parsed = try Self.command.parse(["a.json", "--seed", "x"])
        #expect(throws: UsageError("--seed must be an integer, got x", command: Self.command)) { try parsed.value("--seed", "an integer") { Int($0) } }
        let empty = try Self.command.parse(["a.json", "--seed", ""])
        #expect(throws: UsageError("--seed must be an integer, got nothing", command: Self.command)) { try empty.value("--seed", "an integer") { Int($0) } }
        #expect(throws: UsageError("--seed must be a path, got nothing", command: Self.command)) { try empty.path("--seed") }
        #expect(try Self.command.parse(["a.json", "--seed", "out/x.json"]).path("--seed") == "out/x.json")
        #expect(try Self.command.parse(["a.json"]).path("--seed") == nil)
        let spaced = try Self.command.parse(["a.json", "--seed", " 1"])
        #expect(throws: UsageError("--seed must be an integer, got \" 1\"", command: Self.command)) { try spaced.value("--seed", "an integer") { Int($0) } }
    }

    /// A required option is shown without brackets, and a line without it names it and what it is.
    @Test func aRequiredOptionIsShownBareAndItsAbsenceNamed() throws {
        let sweep = Command("tool sweep", "Sweeps.", options: [.required("--seeds", "A..<B", "the seeds"), .flag("--quick", "fewer")])
        #expect(sweep.usageLine == "USAGE: tool sweep --seeds A..<B [--quick]")
        #expect(throws: UsageError("tool sweep needs --seeds A..<B: the seeds", command: sweep)) { try sweep.parse(["--quick"]) }
        #expect(try sweep.parse(["--seeds", "0..<3"]).values == ["--seeds": "0..<3"])
        #expect(try sweep.parse(["--help"]).wantsHelp, "--help needs no required option")
    }

    @Test func aLongUsageLineWrapsAtOneHundredColumnsUnderItsFirstWord() {
        let options = (1...12).map { Command.Option.value("--option-\($0)", "VALUE", "option \($0)") }
        let usage = Command("tool wide", "Has many options.", arguments: [.init("FILE", "the file")], options: options).usageLine
        let lines = usage.split(separator: "\n")
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= Command.usageWidth }, "\(usage)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: "USAGE: tool wide ".count) + "[--option-") }, "\(usage)")
        #expect(usage.replacingOccurrences(of: "\n" + String(repeating: " ", count: "USAGE: tool wide ".count), with: " ")
            == "USAGE: tool wide FILE " + (1...12).map { "[--option-\($0) VALUE]" }.joined(separator: " "))
    }

    @Test func theHelpAndTheUsageErrorComeFromTheDeclaration() {
        #expect(Self.command.usageLine == "USAGE: tool check FILE [OUT] [--seed N] [--strict]")
        #expect(Self.command.help == """
            USAGE: tool check FILE [OUT] [--seed N] [--strict]

            Checks a file.

              FILE        the file
              OUT         where to write
              --seed N    the seed
              --strict    fail on warnings
              -h, --help  Print this text.

            Exit status: 0 clean, 2 a usage error.

            """)
        #expect(UsageError("--seed needs a value (N)", command: Self.command).description
            == "--seed needs a value (N)\n\nUSAGE: tool check FILE [OUT] [--seed N] [--strict]\nSee --help for more.\n")
        #expect(UsageError.exitStatus == 2)
    }
}
