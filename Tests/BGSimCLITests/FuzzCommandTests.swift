@testable import BGSimCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `bgsim fuzz`, `bgsim explore` and `bgsim run --faults` as a person and a CI job use them.
@Suite(.serialized) struct FuzzCommandTests {
    static let refresh = "Scenarios/refresh-expires-while-saving.json"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The replay lines a text summary prints.
    private func replayLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("Replay  ") }
            .map { String($0.dropFirst("Replay  ".count)) }
    }

    /// The words of a replay line, with the single-quoted plan as one word.
    private func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "'" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    @Test func aFailureExitsWithOneAndItsReplayLineReproducesIt() throws {
        let run = runTool(["fuzz", Self.refresh, "--runs", "200", "--jobs", "2"])
        #expect(run.status == 1, "\(run.out)\(run.error)")
        #expect(run.out.contains("✗ rule BGS016"))
        #expect(run.out.contains("Result       FAILURES FOUND"))
        let replays = replayLines(run.out)
        #expect(replays.count >= 1)
        for line in replays {
            let arguments = Array(words(line).dropFirst())
            #expect(arguments.first == "run" && arguments.contains("--faults"))
            let replay = runTool(arguments + ["--format", "json"])
            #expect(replay.status == 1, "a replayed failure fails again: \(replay.error)")
            #expect(try json(replay.out)["replay"] as? String == line)
        }
    }

    @Test func theJSONResultIsTheSameForAnyNumberOfJobs() throws {
        let one = runTool(["fuzz", Self.refresh, "--runs", "120", "--jobs", "1", "--format", "json"])
        let two = runTool(["fuzz", Self.refresh, "--runs", "120", "--jobs", "2", "--format", "json"])
        #expect(one.status == 1 && two.status == 1)
        #expect(one.out == two.out)
        let document = try json(one.out)
        #expect(document["tool"] as? String == "bgsim fuzz")
        #expect(document["foundFailure"] as? Bool == true)
        let campaign = try #require((document["campaigns"] as? [[String: Any]])?.first)
        #expect(campaign["runs"] as? Int == 120)
        #expect((campaign["failures"] as? [[String: Any]])?.contains { $0["signature"] as? String == "rule BGS016" } == true)
    }

    @Test func shardsWrittenWithOutputMergeIntoTheWholeCampaign() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = runTool(["fuzz", Self.refresh, "--runs", "90", "--seed", "4", "--format", "json"])
        var files: [String] = []
        for index in 1...3 {
            let path = folder.appendingPathComponent("shard-\(index).json").path
            let shard = runTool(["fuzz", Self.refresh, "--runs", "90", "--seed", "4", "--shard", "\(index)/3", "-o", path, "--format", "json"])
            #expect([0, 1].contains(shard.status), "\(shard.error)")
            files.append(path)
        }
        let merged = runTool(["fuzz", "--merge"] + files.reversed() + ["--format", "json"])
        #expect(merged.status == whole.status)
        #expect(merged.out == whole.out)
        let partial = runTool(["fuzz", "--merge", files[0], "--format", "json"])
        #expect(partial.error.contains("only 1 of 3 shards"))
    }

    @Test func junitAndArtifactsAreWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("fuzz.xml").path
        let artifacts = folder.appendingPathComponent("failures").path
        let run = runTool(["fuzz", Self.refresh, "--runs", "100", "--junit", junit, "--artifacts", artifacts])
        #expect(run.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"bgsim fuzz\""))
        #expect(xml.contains("<testcase classname=\"bgsim.fuzz.refresh-expires-while-saving\" name=\"rule BGS016\">"))
        #expect(xml.contains("<failure message="))
        #expect(xml.contains("--faults"))
        let parsed = try XMLDocument(xmlString: xml)
        #expect(try parsed.nodes(forXPath: "//testcase/failure").count >= 1)
        let plan = artifacts + "/refresh-expires-while-saving.rule-BGS016.plan.json"
        let report = artifacts + "/refresh-expires-while-saving.rule-BGS016.html"
        #expect(FileManager.default.fileExists(atPath: plan))
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("--faults"))
        #expect(run.out.contains("Report  \(report)"))
        // The plan file replays the failure.
        #expect(runTool(["run", Self.refresh, "--faults", plan]).status == 1)
        // Nothing half-written is left beside the outputs.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.allSatisfy { !$0.hasPrefix(".") }, "\(names)")
    }

    @Test func aPassingCampaignExitsWithZeroAndSaysWhatItReached() {
        let run = runTool(["fuzz", "Scenarios/continued-cancel-live-activity.json", "--runs", "60", "--kinds", "networkLoss,lowPowerMode"])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.contains("Failures     none"))
        #expect(run.out.contains("Never        "))
        #expect(run.out.contains("Faults       networkLoss"))
        #expect(!run.out.contains("memoryPressure"))
    }

    @Test func exploreSaysHowManySchedulesAndWhetherTheSpaceWasExhausted() throws {
        let run = runTool(["explore", Self.refresh])
        #expect(run.status == 1)
        #expect(run.out.contains("Space        exhausted"))
        #expect(run.out.contains("✗ rule BGS016"))
        let bounded = runTool(["explore", "Scenarios/continued-progress-at-the-limit.json", "--max-schedules", "120", "--format", "json"])
        let campaign = try #require((try json(bounded.out)["campaigns"] as? [[String: Any]])?.first)
        #expect(campaign["runs"] as? Int == 120)
        #expect(campaign["exhausted"] as? Bool == false)
    }

    @Test("usage errors exit with 64", arguments: [
        ["fuzz"],
        ["fuzz", "x.json", "--shard", "2/4"],
        ["fuzz", "x.json", "--shard", "5/4", "-o", "out.json"],
        ["fuzz", "x.json", "--runs", "0"],
        ["fuzz", "x.json", "--kinds", "memoryPresure"],
        ["fuzz", "--merge", "a.json", "--seed", "3"],
        ["explore", "x.json", "--max-schedules", "0"],
        ["run", "x.json", "--faults", "p.json", "--seed", "3"],
    ])
    func usageErrors(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64, "\(arguments): \(run.error)")
        #expect(run.error.hasPrefix("bgsim: error: "))
    }

    @Test func aBadScenarioPlanOrResultFileExitsWith65AndSaysWhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(runTool(["fuzz", "Scenarios/none.json"]).status == 65)
        let plan = folder.appendingPathComponent("plan.json").path
        try "{\n  \"format\": 1,\n  \"faults\": [{\"at\": \"3q\", \"fault\": \"swipeAway\"}]\n}\n".write(toFile: plan, atomically: true, encoding: .utf8)
        let run = runTool(["run", Self.refresh, "--faults", plan])
        #expect(run.status == 65)
        #expect(run.error.contains("\(plan):3:21: faults[0].at:"), "\(run.error)")
        let misfit = runTool(["run", "Scenarios/save-on-background.json", "--faults", #"{"format":1,"scenario":"refresh-expires-while-saving"}"#])
        #expect(misfit.status == 65)
        #expect(misfit.error.contains("made for scenario \"refresh-expires-while-saving\""))
        let notResult = runTool(["fuzz", "--merge", plan])
        #expect(notResult.status == 65)
        #expect(notResult.error.contains(plan))
    }

    @Test func anOutputInAMissingFolderFailsBeforeAnyRun() {
        let run = runTool(["fuzz", Self.refresh, "--junit", "/nonexistent/folder/fuzz.xml"])
        #expect(run.status == 73)
        #expect(run.out.isEmpty)
    }

    @Test func runWithAnInlinePlanPrintsAReplayLineWithIt() throws {
        let plan = #"{"faults":[{"at":"31m4.000000001s","fault":"expireTask","identifier":"com.example.news.refresh"}],"format":1}"#
        let run = runTool(["run", Self.refresh, "--faults", plan, "--format", "json"])
        #expect(run.status == 1)
        let summary = try json(run.out)
        #expect((summary["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } == ["BGS016"])
        #expect(summary["replay"] as? String == "bgsim run \(Self.refresh) --faults '\(plan)'")
    }
}
