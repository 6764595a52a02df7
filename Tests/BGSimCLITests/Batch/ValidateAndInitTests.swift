import Foundation
import Testing

/// `bgsim validate` reporting every error with its place, and `bgsim init`.
@Suite struct ValidateAndInitTests {
    static let broken = """
        {
          "format": 1,
          "name": "bad",
          "stopAt": "1h",
          "app": { "bundleIdentifier": "x", "actions": { "a": [ { "step": "work", "duration": "2x" }, { "step": "bogus" } ] } },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "1s", "action": "jump" },
            { "at": "2s", "action": "tap", "run": "nope" },
            { "at": "5s", "action": "goHome", "extra": 1 }
          ]
        }

        """

    @Test func everyErrorWithFileLineAndColumn() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bad.json").path
        try Self.broken.write(toFile: path, atomically: true, encoding: .utf8)
        let run = runTool(["validate", path])
        #expect(run.status == 65)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):5:87: error: \"2x\" has an unknown unit (use ns, us, ms, s, m, h, d or w) (at app.actions.a[0].duration)",
            "\(path):5:105: error: unknown step \"bogus\" (at app.actions.a[1].step)",
            "\(path):8:29: error: unknown action \"jump\" (at timeline[1].action)",
            "\(path):9:43: error: no action named \"nope\" in app.actions (at timeline[2].run)",
            "\(path):10:48: error: unknown key \"extra\" (at timeline[3].extra)",
        ])
        let json = try jsonObject(runTool(["validate", path, "--format", "json"]).out)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect((files.first?["errors"] as? [Any])?.count == 5)
        #expect(files.first?["valid"] as? Bool == false)
    }

    @Test func aFolderGetsAHint() {
        let run = runTool(["validate", "Scenarios"])
        #expect(run.status == 65)
        #expect(run.error.contains("Scenarios: error: is a folder; pass the .json files in it, e.g. Scenarios/*.json"))
    }

    @Test func everySampleStillValidates() {
        let run = runTool(["validate"] + sampleScenarioPaths)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.split(separator: "\n").count == sampleScenarioPaths.count)
    }

    @Test func initWritesAStarterThatValidatesAndRunsAndNeverOverwrites() throws {
        let folder = try temporaryFolder()
        let tool = try #require(builtToolURL())
        let first = try runShell(tool, "cd '\(folder.path)' && \"$BGSIM\" init my-app && \"$BGSIM\" validate my-app.json && \"$BGSIM\" run my-app.json")
        #expect(first.status == 0, "\(first.out)\(first.error)")
        #expect(first.out.contains("my-app.json: ok"))
        #expect(first.out.contains("Result       PASS"))
        let before = try String(contentsOfFile: folder.appendingPathComponent("my-app.json").path, encoding: .utf8)
        let again = try runShell(tool, "cd '\(folder.path)' && \"$BGSIM\" init my-app")
        #expect(again.status == 64)
        #expect(again.error.contains("already exists"))
        #expect(try String(contentsOfFile: folder.appendingPathComponent("my-app.json").path, encoding: .utf8) == before)
    }

    @Test func theMinimalExampleAtTheTopOfTheFormatDocRunsAndPasses() throws {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```json\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let example = String(doc[start.upperBound..<end.lowerBound])
        let run = runToolWith(["run", "-"], input: example)
        #expect(run.status == 0, "\(run.out)\(run.error)")
        #expect(run.out.contains("Result       PASS"))
    }
}
