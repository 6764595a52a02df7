import Foundation
import Testing

/// `--seeds` distributions and `bgsim diff`, through the command line.
@Suite struct SeedsAndDiffTests {
    @Test func seedsPrintADistributionSortedAndRepeatable() throws {
        let arguments = ["run", "Scenarios/feed-refresh-week.json", "--seeds", "1-4,9"]
        let run = runTool(arguments)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.contains("5 seeds (1-4,9)"))
        #expect(run.out.contains("  com.example.news.refresh\n    launches per run "))
        #expect(run.out.contains("launched in 5 of 5 runs (100%)"))
        #expect(run.out.hasSuffix("5 runs, 5 passed, 0 failed\n"))
        #expect(runTool(arguments).out == run.out)
        let json = try jsonObject(runTool(arguments + ["--format", "json"]).out)
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["runs"] as? Int == 5)
        let tasks = try #require(json["tasks"] as? [[String: Any]])
        let spread = try #require(tasks.first?["launchesPerRun"] as? [String: Int])
        #expect(try #require(spread["min"]) <= spread["median"]!)
        #expect(spread["median"]! <= spread["max"]!)
    }

    @Test func seedsCountRulesTerminationsAndFailures() throws {
        let folder = try temporaryFolder()
        let path = try scenarioWithoutExpect("leaked-assertion-watchdog", in: folder)
        let run = runTool(["run", path, "--seeds", "1,5,9"])
        #expect(run.status == 1)
        #expect(run.out.contains("BGS001 error backgroundTaskLeaked: 3 of 3 runs (100%)"))
        #expect(run.out.hasSuffix("3 runs, 0 passed, 3 failed\n"))
    }

    @Test func badSeedListsAreUsageErrors() {
        for (seeds, words) in [("5-1", "runs backwards"), ("1-x", "seeds as 1-100"), ("0-200000", "more than 100000 seeds"), ("1--2", "seeds as")] {
            let run = runTool(["run", "Scenarios/save-on-background.json", "--seeds", seeds])
            #expect(run.status == 64, "\(seeds)")
            #expect(run.error.contains(words), "\(seeds): \(run.error)")
        }
        let both = runTool(["run", "Scenarios/save-on-background.json", "--seeds", "1-3", "--trace", "t.jsonl"])
        #expect(both.status == 64)
    }

    @Test func diffSaysWhereTracesFirstDifferAndWhat() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl").path
        let b = folder.appendingPathComponent("b.jsonl").path
        let c = folder.appendingPathComponent("c.jsonl").path
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", a]).status == 0)
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", c]).status == 0)
        // The same scenario with a later goHome: the traces agree until then.
        let text = try String(contentsOfFile: packageRoot.appendingPathComponent("Scenarios/save-on-background.json").path, encoding: .utf8)
        let changed = folder.appendingPathComponent("changed.json").path
        try text.replacingOccurrences(of: "\"at\": \"30s\"", with: "\"at\": \"40s\"").write(toFile: changed, atomically: true, encoding: .utf8)
        #expect(runTool(["run", changed, "--trace", b]).status == 0)

        let same = runTool(["diff", a, c])
        #expect(same.status == 0)
        #expect(same.out.contains("are the same: "))
        let different = runTool(["diff", a, b])
        #expect(different.status == 1)
        #expect(different.out.contains("first differ at line "))
        #expect(different.out.contains("  time   30s → 40s"))
        let missing = runTool(["diff", a, folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 65)
        #expect(missing.error.contains("no such file"))
    }

    @Test func diffReadsStandardInput() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl").path
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", a]).status == 0)
        let trace = try String(contentsOfFile: a, encoding: .utf8)
        #expect(runToolWith(["diff", "-", a], input: trace).status == 0)
        let cut = trace.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        let shorter = runToolWith(["diff", a, "-"], input: cut)
        #expect(shorter.status == 1)
        #expect(shorter.out.contains("agree on their first"))
    }
}
