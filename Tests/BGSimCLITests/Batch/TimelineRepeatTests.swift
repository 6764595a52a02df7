import Foundation
import Testing

/// `repeat` in the timeline, through the command line.
@Suite struct TimelineRepeatTests {
    /// A scenario whose timeline is `timeline` (JSON text), with one action and a day's stop.
    func scenario(_ timeline: String, stopAt: String = "3d") -> String {
        """
        {"format": 1, "name": "repeat", "stopAt": "\(stopAt)",
         "app": {"bundleIdentifier": "com.example.repeat", "handlers": {"didEnterBackground": "save"},
                 "actions": {"save": [{"step": "save", "checkpoint": "work", "duration": "1s"}]}},
         "timeline": \(timeline)}
        """
    }

    @Test func aRepeatRunsAsTheEntriesWrittenOut() throws {
        let folder = try temporaryFolder()
        let repeated = scenario("""
            [{"at": "0s", "action": "launch"}, {"at": "1h", "action": "goHome"},
             {"repeat": {"every": "1d", "count": 3, "entries": [{"at": "8h", "action": "returnToApp"}, {"at": "8h10m", "action": "goHome"}]}}]
            """)
        let written = scenario("""
            [{"at": "0s", "action": "launch"}, {"at": "1h", "action": "goHome"},
             {"at": "8h", "action": "returnToApp"}, {"at": "8h10m", "action": "goHome"},
             {"at": "1d8h", "action": "returnToApp"}, {"at": "1d8h10m", "action": "goHome"},
             {"at": "2d8h", "action": "returnToApp"}, {"at": "2d8h10m", "action": "goHome"}]
            """)
        let a = folder.appendingPathComponent("a.jsonl").path
        let b = folder.appendingPathComponent("b.jsonl").path
        #expect(runToolWith(["run", "-", "--trace", a], input: repeated).status == 0)
        #expect(runToolWith(["run", "-", "--trace", b], input: written).status == 0)
        let diff = runTool(["diff", a, b])
        #expect(diff.status == 0, "\(diff.out)")
        #expect(try String(contentsOfFile: a, encoding: .utf8).components(separatedBy: "\"action\":\"goHome\"").count == 5)
    }

    @Test func badRepeatsNameTheirPlace() {
        let cases: [(String, String)] = [
            (#"[{"repeat": {"every": "0s", "count": 2, "entries": [{"at": "1s", "action": "launch"}]}}]"#,
             "every must be longer than 0s"),
            (#"[{"repeat": {"every": "1h", "count": 0, "entries": [{"at": "1s", "action": "launch"}]}}]"#,
             "count is a whole number from 1"),
            (#"[{"repeat": {"every": "1h", "count": 2, "entries": []}}]"#, "a repeat needs at least one entry"),
            (#"[{"repeat": {"every": "1h", "count": 2, "entries": [{"at": "1s", "action": "launch"}, {"at": "2h", "action": "goHome"}]}}]"#,
             "repetitions would overlap"),
            (#"[{"repeat": {"every": "1h", "count": 2, "entries": [{"at": "1s", "action": "launch"}]}, "extra": 1}]"#,
             #"unknown key "extra""#),
            (#"[{"repeat": {"every": "1d", "count": 5, "entries": [{"at": "1s", "action": "launch"}]}}]"#,
             "is after stopAt (3d)"),
        ]
        for (timeline, words) in cases {
            let run = runToolWith(["validate", "-"], input: scenario(timeline))
            #expect(run.status == 65)
            #expect(run.error.contains(words), "\(timeline): \(run.error)")
            #expect(run.error.contains("(at timeline[0]"), "\(run.error)")
        }
    }

    @Test func anErrorInARepeatedEntryNamesTheEntryAsWritten() {
        let timeline = #"[{"at": "0s", "action": "launch"}, {"repeat": {"every": "1d", "count": 2, "entries": [{"at": "1h", "action": "goHome"}, {"at": "2h", "action": "tap", "run": "nope"}]}}]"#
        let run = runToolWith(["validate", "-"], input: scenario(timeline))
        #expect(run.status == 65)
        #expect(run.error.contains("no action named \"nope\" in app.actions (at timeline[1].repeat.entries[1].run)"), "\(run.error)")
    }
}
