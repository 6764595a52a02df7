@testable import BGSimCLI
import Foundation
import SimulationModel
import Testing

/// `bgsim rules`: the catalog, one rule explained, and docs/rules.md with its coverage table.
@Suite(.serialized) struct RulesCommandTests {
    @Test func docsRulesIsWhatTheCommandPrints() throws {
        let file = try String(contentsOf: packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let run = runTool(["rules", "--format", "markdown"])
        #expect(run.status == 0)
        #expect(run.out == file, "docs/rules.md is out of date: swift run bgsim rules --format markdown > docs/rules.md")
    }

    @Test func theMarkdownHasEveryRuleAndTheCoverageTable() {
        let text = runTool(["rules", "--format", "markdown"]).out
        for rule in Rules.all {
            #expect(text.contains("\n## \(rule.id)\n"), "\(rule.id)")
            #expect(text.contains("| [\(rule.id)](#\(rule.id.lowercased())) | `\(rule.name)` |"), "\(rule.id)")
        }
        #expect(text.contains("## Coverage"))
        for item in RuleCoverage.items {
            #expect(text.contains(item.practice.replacingOccurrences(of: "|", with: "\\|")), "\(item.practice)")
        }
    }

    @Test func oneRuleIsExplained() {
        let run = runTool(["rules", "BGS018"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("BGS018  taskExpired  (info, system notice)\n"))
        #expect(run.out.contains("\nNotice   The system decides how long a task runs"))
        #expect(run.out.contains("It explains a run and never fails"))
        #expect(!run.out.contains("BGS017"))
        // Identifiers are read in any case.
        #expect(runTool(["rules", "bgs018"]).out == run.out)
        // The app bug of a refresh whose work does not fit: what it catches, and the sample to run.
        let bug = runTool(["rules", "BGS048"])
        #expect(bug.out.hasPrefix("BGS048  refreshWorkTooLong  (warning, app bug)\n"))
        #expect(bug.out.contains("Catches\n"))
        #expect(bug.out.contains("common mistake: 5. Long work in a refresh task."))
        #expect(bug.out.contains("bgsim run Scenarios/mistake-long-sync-in-refresh.json"))
    }

    @Test func oneRuleAsJSONAndMarkdown() throws {
        let json = runTool(["rules", "BGS029", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["id"] as? String == "BGS029")
        #expect(array.first?["samples"] as? [String] == ["main-actor-launch-handler"])
        #expect(array.first?["category"] as? String == "appBug")
        #expect((array.first?["categoryReason"] as? String)?.isEmpty == false)
        let markdown = runTool(["rules", "BGS029", "--format", "markdown"]).out
        #expect(markdown.hasPrefix("# BGS029\n\n`mainActorHandlerOnBackgroundQueue`, error, app bug."))
        #expect(markdown.contains("- **Why an app bug:** "))
    }

    @Test func everyRuleSaysItsCategoryAndWhy() throws {
        let json = runTool(["rules", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(array.count == Rules.all.count)
        for (object, rule) in zip(array, Rules.all) {
            #expect(object["category"] as? String == rule.category.rawValue, "\(rule.id)")
            #expect(object["categoryReason"] as? String == rule.categoryReason, "\(rule.id)")
        }
        #expect(Set(array.compactMap { $0["category"] as? String }) == ["appBug", "systemNotice"])
        let markdown = runTool(["rules", "--format", "markdown"]).out
        #expect(markdown.contains("| [BGS040](#bgs040) | `pushThrottled` | system notice | info |"))
        #expect(markdown.contains("| [BGS001](#bgs001) | `backgroundTaskLeaked` | app bug | error |"))
        let text = runTool(["rules"]).out
        #expect(text.contains("BGS024  continuedRunIneligible  (info, system notice)\n"))
        #expect(text.contains("    why: The system refused a .fail request"))
    }

    @Test func anUnknownRuleIsAUsageError() {
        let run = runTool(["rules", "BGS099"])
        #expect(run.status == 64)
        #expect(run.error.contains("unknown rule \"BGS099\" (did you mean \"BGS009\"?)"))
        #expect(run.out.isEmpty)
    }

    @Test func theCoverageTableNamesRealRulesAndSamples() {
        let ids = Set(Rules.all.map(\.id))
        let samples = Set(sampleScenarioPaths.map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".json", with: "") })
        for item in RuleCoverage.items {
            #expect(item.rules.allSatisfy(ids.contains), "\(item.practice): \(item.rules)")
            #expect(item.samples.allSatisfy(samples.contains), "\(item.practice): \(item.samples)")
            // An item with no rule must say why.
            #expect(!item.note.isEmpty)
        }
        // The seeds' five common mistakes and their fifteen checklist items are all there.
        #expect(RuleCoverage.items.filter { $0.origin == .checklist }.count == 15)
        #expect((1...5).allSatisfy { number in RuleCoverage.items.contains { $0.practice.hasPrefix("\(number). ") } })
    }
}
