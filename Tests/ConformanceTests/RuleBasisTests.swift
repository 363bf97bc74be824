import Foundation
import SpecConformance
import Testing

/// Every rule says what it rests on, and says it truly: a seed's words are quoted verbatim from the seed
/// under the heading named; a rule requires only rules of its own suite that can fail (issue 36).
@Suite struct RuleBasisTests {
    static let seeds = TraceabilityTests.packageRoot.appendingPathComponent("Seeds")

    static func seedText(_ document: SeedDocument) throws -> String {
        try String(contentsOf: seeds.appendingPathComponent(document.fileName), encoding: .utf8)
    }

    @Test(arguments: ConformanceCatalog.allRules.filter { $0.basis.kind == .seed }.map(\.id))
    func aSeedRulesQuoteOccursVerbatimUnderItsHeading(_ id: RuleID) throws {
        let rule = try #require(ConformanceCatalog.allRules.first { $0.id == id })
        guard case let .seed(passage) = rule.basis else { return }
        let text = try Self.seedText(passage.document)
        #expect(text.contains(passage.quote), "\(id) quotes \"\(passage.quote)\", which \(passage.document) does not hold verbatim")
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headings.contains { $0.contains(passage.section) }, "\(id) names the section \"\(passage.section)\", which is no heading of \(passage.document)")
    }

    /// `Seeds/` is the package's copy of the seed documents, so that the quotes are checked on any clone.
    @Test func theSeedsFolderHoldsEverySeed() throws {
        for document in SeedDocument.allCases {
            #expect(try !Self.seedText(document).isEmpty, "Seeds/\(document.fileName) is empty")
        }
    }

    static let originalSeeds = TraceabilityTests.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/seeds")

    /// Where the original seeds stand beside the package (`../shared/seeds`), the copy must be theirs.
    /// On a clone without them the comparison cannot run: a warning says so, and the run's last line
    /// counts it (`passed … with 1 warning`), as a skipped test's would not be.
    @Test func theSeedsFolderIsACopyOfTheOriginals() throws {
        guard FileManager.default.fileExists(atPath: Self.originalSeeds.path) else {
            Issue.record("not checked: the original seeds are not beside the package (\(Self.originalSeeds.path))", severity: .warning)
            return
        }
        for document in SeedDocument.allCases {
            let original = Self.originalSeeds.appendingPathComponent(document.fileName)
            let text = try String(contentsOf: original, encoding: .utf8)
            #expect(try text == Self.seedText(document), "Seeds/\(document.fileName) differs from \(original.path)")
        }
    }

    @Test func aRuleRequiresOnlyRulesOfItsSuiteThatCanFail() {
        for model in ConformanceCatalog.models {
            let ids = Set(model.rules.map(\.id))
            for rule in model.rules {
                for required in rule.requires {
                    #expect(ids.contains(required), "\(rule.id) requires \(required), which is not in its suite \(model.suiteID)")
                    let other = model.rules.first { $0.id == required }
                    #expect(other?.basis.kind != .reference, "\(rule.id) requires \(required), which is informational and never blocks")
                }
            }
        }
    }

    @Test func aRuleOfTheReferenceIsCheckedOnGeneratedInputs() {
        for model in ConformanceCatalog.models {
            for rule in model.rules where rule.basis.kind == .reference {
                let methods = model.methods[rule.id] ?? []
                #expect(!methods.isEmpty && methods.allSatisfy(\.isGenerated), "\(rule.id) compares with the reference, so only on generated inputs; it has \(methods)")
            }
        }
    }
}
