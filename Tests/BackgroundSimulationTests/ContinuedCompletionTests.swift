import BackgroundSimulation
import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// BGS031 for continued processing: a task whose work reached its total, or whose handler returned, without
/// setTaskCompleted is a missing completion, not progress that stalled (BGS027).
@Suite struct ContinuedCompletionTests {
    /// An export that writes every segment and reports progress, then returns without setTaskCompleted
    /// (Scenarios/bugs-day-of-use/continued-export-never-completes-day, shortened).
    static let neverCompletes = """
        {
          "format": 1, "name": "export-never-completes", "seed": 1, "profile": "iOS26", "stopAt": "10m",
          "app": {
            "bundleIdentifier": "com.example.video",
            "infoPlist": { "BGTaskSchedulerPermittedIdentifiers": ["com.example.video.export.*"] },
            "actions": {
              "tapExport": [
                { "step": "register", "identifier": "com.example.video.export.{n}", "launchHandler": "export" },
                { "step": "submit", "type": "continuedProcessing", "identifier": "com.example.video.export.{n}",
                  "title": "Exporting video", "subtitle": "Holiday.mov" }
              ],
              "export": [
                { "step": "setTaskExpirationHandler", "onExpiration": [
                  { "step": "cancelWork" }, { "step": "removePartialOutput", "output": "Holiday.mov" },
                  { "step": "setTaskCompleted", "success": false } ] },
                { "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "1m", "action": "tap", "run": "tapExport" },
            { "at": "1m10s", "action": "goHome" }
          ]
        }
        """

    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    static func replacing(_ old: String, with new: String) -> String {
        let json = neverCompletes.replacingOccurrences(of: old, with: new)
        precondition(json != neverCompletes, "nothing replaced: \(old)")
        return json
    }

    @Test func workAtItsTotalWithoutSetTaskCompletedIsBGS031NotAStall() throws {
        let result = try Self.run(Self.neverCompletes)
        #expect(result.ruleIDs == ["BGS031"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.time == VirtualInstant.zero + .seconds(110))
        #expect(diagnostic.subject == "continued processing task com.example.video.export.1")
        #expect(diagnostic.message == "continued processing task com.example.video.export.1 reached 10/10 (100 %) at 1m20.000s and had "
            + "not called setTaskCompleted(success:) when the system expired it 30.000s later, seeing no more progress")
        #expect(diagnostic.fix.hasPrefix("Call setTaskCompleted(success: true) after the last unit"))
        // The system still expires it the way it expires a stalled task.
        #expect(result.events(.task(.expire)).first?["reason"] == "progress stalled")
    }

    @Test func workLeftAfterTheLastUnitHasItsOwnFix() throws {
        // Every unit is reported, then a long final write with no progress of its own.
        let json = Self.replacing(
            #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }"#,
            with: #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }, { "step": "work", "duration": "1m" }, { "step": "setTaskCompleted", "success": true }"#)
        let result = try Self.run(json)
        #expect(result.ruleIDs == ["BGS031"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.hasSuffix("seeing no more progress (its handler was still working)"))
        #expect(diagnostic.fix.hasPrefix("Count the work left after the last unit (a final write, an upload) in task.progress"))
    }

    @Test func aHandlerThatReturnsEarlyIsBGS031WithWhereItStopped() throws {
        // The job is 10 units; the handler does 4 and returns (an error path that forgets to complete).
        let json = Self.replacing(
            #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }"#,
            with: #"{ "step": "setProgressTotal", "units": 10 }, { "step": "processUnits", "count": 4, "duration": "2s", "output": "Holiday.mov" }"#)
        let result = try Self.run(json)
        #expect(result.ruleIDs == ["BGS031"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "the work of continued processing task com.example.video.export.1 ended at 1m08.000s at 4/10 (40 %) "
            + "without setTaskCompleted(success:); the system expired it 30.000s later, seeing no more progress")
        #expect(diagnostic.fix.hasPrefix("Call setTaskCompleted(success:) when the work ends, on every path"))
    }

    @Test func workThatIsStillGoingWithoutProgressStaysBGS027() throws {
        // One unit longer than the stall limit: the work goes on, the progress does not move.
        let json = Self.replacing(
            #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }"#,
            with: #"{ "step": "processUnits", "count": 2, "duration": "40s", "output": "Holiday.mov" }, { "step": "setTaskCompleted", "success": true }"#)
        let result = try Self.run(json)
        #expect(result.ruleIDs == ["BGS027"])
        #expect(result.diagnostics.first?.message.contains("reported no progress for") == true)
    }

    @Test func completingAfterTheLastUnitIsClean() throws {
        let json = Self.replacing(
            #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }"#,
            with: #"{ "step": "processUnits", "count": 10, "duration": "2s", "output": "Holiday.mov" }, { "step": "setTaskCompleted", "success": true }"#)
        #expect(try Self.run(json).diagnostics.isEmpty)
    }

    /// The same export in Swift: the progress reaches its total and the code never completes the task.
    nonisolated final class ForgetfulExportApp: SimulatedApplicationDelegate, @unchecked Sendable {
        func application(_ application: UIApplication, performUserAction name: String) async {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.video.export.1", using: nil) { task in
                guard let task = task as? BGContinuedProcessingTask, let context = TaskContext.current else { return }
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                task.progress.totalUnitCount = 5
                context.kernel.spawn("export", gate: context.gate) {
                    for unit in 1...5 {
                        guard (try? await UIApplication.shared.simulateWork(for: .seconds(2))) != nil else { return }
                        task.progress.completedUnitCount = Int64(unit)
                    }
                }
            }
            try? BGTaskScheduler.shared.submit(BGContinuedProcessingTaskRequest(
                identifier: "com.example.video.export.1", title: "Exporting video", subtitle: "Holiday.mov"))
        }
    }

    @Test func swiftCodeThatNeverCompletesAtItsTotalIsBGS031() throws {
        let scenario = Scenario(
            name: "swift-export", stopAt: .seconds(600),
            app: AppDefinition(bundleIdentifier: "com.example.video", permittedIdentifiers: ["com.example.video.export.*"]),
            timeline: [at(0, .launch), at(5, .tap(action: "export")), at(20, .goHome)])
        let result = Simulation(scenario: scenario, app: { ForgetfulExportApp() }).run()
        #expect(result.ruleIDs == ["BGS031"])
        #expect(result.diagnostics.first?.message.contains("reached 5/5 (100 %) at 15.000s") == true)
    }
}
