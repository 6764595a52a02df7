#if BGSIM_FEATURE_DEMO
import BGSimCLI
import Foundation
import Synchronization
import Testing

/// The feature demo, end to end: a test-only task kind (`demoMaintenance`) and a test-only service (`DemoBeacon`),
/// built only with `-DBGSIM_FEATURE_DEMO` (docs/contributing.md lists their files; `.ci/run` builds and runs this).
///
/// One scenario uses both through every layer: the scenario format reads the kind and the timeline action, the
/// look-alikes hand the app its task, the model schedules, launches and traces them, the trace reads back into
/// reports, the explorer injects the service's fault, and the catalogs list the rule, the action and the kind.
@Suite(.serialized) struct FeatureDemoTests {
    /// The app submits a maintenance task on leaving; it runs once the charger is in. Beacons come at three moments:
    /// in the foreground, while the app is suspended (missed, BGS900), and near the task's end (the app is held).
    static let scenario = """
        {"format": 1, "name": "feature-demo", "seed": 3, "stopAt": "10m",
         "app": {"bundleIdentifier": "com.example.demo",
          "infoPlist": {"BGTaskSchedulerPermittedIdentifiers": ["com.example.demo.maintenance"]},
          "handlers": {"didFinishLaunching": "register", "didEnterBackground": "schedule"},
          "actions": {
           "register": [{"step": "register", "identifier": "com.example.demo.maintenance", "launchHandler": "maintain"}],
           "schedule": [{"step": "submit", "identifier": "com.example.demo.maintenance", "type": "demoMaintenance"}],
           "maintain": [{"step": "setTaskExpirationHandler", "onExpiration": "completeFailure"},
                        {"step": "work", "duration": "30s"}, {"step": "save", "checkpoint": "maintenance"},
                        {"step": "setTaskCompleted", "success": true}]}},
         "device": {"charging": false},
         "timeline": [{"at": "0s", "action": "launch"}, {"at": "10s", "action": "demoBeacon"},
                      {"at": "1m", "action": "goHome"}, {"at": "2m", "action": "demoBeacon"},
                      {"at": "3m", "action": "conditions", "charging": true}, {"at": "3m25s", "action": "demoBeacon"}],
         "expect": {"diagnostics": ["BGS900"], "terminations": [], "saved": ["maintenance"]}}
        """

    private func scenarioFile(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("feature-demo.json").path
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theKindAndTheServiceRunThroughTheModelAndTheTrace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let run = runTool(["run", try scenarioFile(in: folder), "--trace", trace])
        #expect(run.status == 0, "\(run.out)\(run.error)")
        #expect(run.out.contains("Result       PASS"))
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let kinds = lines.compactMap { line in line.firstRange(of: "\"kind\":\"").map { line[$0.upperBound...].prefix { $0 != "\"" } } }
        // The kind is waited for, launched by the policy once the charger is in, and completes.
        #expect(lines.contains { $0.contains("\"kind\":\"bgTask.waiting\"") && $0.contains("\"reason\":\"needsExternalPower\"") })
        #expect(lines.contains { $0.contains("\"kind\":\"bgTask.start\"") && $0.contains("\"type\":\"demoMaintenance\"") })
        #expect(lines.contains { $0.contains("\"kind\":\"bgTask.end\"") && $0.contains("\"success\":true") })
        // The service's records, in order: foreground, missed (with its diagnostic), held, released.
        #expect(kinds.filter { $0.hasPrefix("demoBeacon.") } == ["demoBeacon.sighted", "demoBeacon.sighted", "demoBeacon.sighted", "demoBeacon.released"])
        #expect(lines.contains { $0.contains("\"outcome\":\"missed\"") })
        #expect(lines.contains { $0.contains("\"kind\":\"diagnostic\"") && $0.contains("\"rule\":\"BGS900\"") })
        // The hold outlasts the task: the app is suspended when the beacon lets go, not when the task ends.
        let released = try #require(lines.firstIndex { $0.contains("\"kind\":\"demoBeacon.released\"") })
        let ended = try #require(lines.firstIndex { $0.contains("\"kind\":\"bgTask.end\"") })
        #expect(ended < released)
        #expect(lines[released...].contains { $0.contains("\"to\":\"suspended\"") })
    }

    @Test func theTraceReadsBackIntoReports() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.jsonl").path
        #expect(runTool(["run", try scenarioFile(in: folder), "--trace", trace]).status == 0)
        let html = runTool(["report", trace, "--output", "-"])
        #expect(html.status == 0, "\(html.error)")
        #expect(html.out.contains("beacon 3 in range: keeps app #1 running"))
        #expect(html.out.contains("beacon 2 in range: missed"))
        let perfetto = runTool(["report", trace, "--perfetto", "-"])
        #expect(perfetto.out.contains("beacon hold"))
    }

    @Test func theExplorerInjectsTheServicesFault() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try scenarioFile(in: folder)
        let fuzz = runTool(["fuzz", path, "--runs", "20", "--format", "json"])
        #expect(fuzz.out.contains("\"demoBeacon\""), "\(fuzz.out)\(fuzz.error)")
        // A plan replays it: a beacon injected while the app is suspended is missed too.
        let plan = #"{"faults":[{"at":"2m30s","fault":"demoBeacon"}],"format":1,"scenario":"feature-demo"}"#
        let replay = runTool(["run", path, "--faults", plan])
        #expect(replay.status == 0, "\(replay.out)\(replay.error)")
        #expect(replay.out.contains("beacon 3 in range: missed"))
    }

    @Test func theCatalogsListTheDemo() {
        #expect(runTool(["rules", "BGS900"]).out.contains("demoBeaconMissed"))
        let schema = runTool(["schema"]).out
        #expect(schema.contains("\"demoBeacon\""))
        #expect(schema.contains("\"demoMaintenance\""))
    }
}

/// What a run of the tool printed and returned.
private struct ToolRun {
    var status: Int32
    var out: String
    var error: String
}

/// Runs `bgsim` in this process.
private func runTool(_ arguments: [String]) -> ToolRun {
    let out = Mutex("")
    let error = Mutex("")
    let console = Console(out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let status = BGSimTool.main(arguments, console: console)
    return ToolRun(status: status, out: out.withLock { $0 }, error: error.withLock { $0 })
}

/// A fresh temporary folder.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bgsim-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
#endif
