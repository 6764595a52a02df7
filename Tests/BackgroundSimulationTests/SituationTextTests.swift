import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// Each situation of the termination and time rules gets its own message and fix (trust-findings 4.1 items 3, 5, 6,
/// 7, 8, 10; trust-spec decisions 2, 4, 5): written as a scenario file, and as Swift app code where Swift reaches it.
@Suite struct SituationTextTests {
    // MARK: Scenario files

    static let refreshID = "com.example.notes.refresh"
    static let compactID = "com.example.notes.compact"

    /// Runs a scenario file: `app` is the inside of `"app": {...}` after the bundle identifier.
    static func run(
        app: String, timeline: String, overrides: String = "{}", device: String = "{}", stopAt: String = "10m"
    ) throws -> SimulationResult {
        let json = """
            { "format": 1, "name": "situation", "seed": 1, "stopAt": "\(stopAt)",
              "app": { "bundleIdentifier": "com.example.notes", \(app) },
              "device": \(device), "overrides": \(overrides), "timeline": \(timeline) }
            """
        return Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "situation.json")).run()
    }

    /// An app whose refresh (or processing) task runs `handler`, submitted 20 minutes ahead when it leaves at 1 min.
    static func runTask(
        _ handler: String, kind: String = "appRefresh", identifier: String = refreshID, timeline: String = "",
        overrides: String = "{}", device: String = "{}", stopAt: String = "2h"
    ) throws -> SimulationResult {
        try run(app: """
            "infoPlist": { "UIBackgroundModes": ["fetch", "processing"],
                           "BGTaskSchedulerPermittedIdentifiers": ["\(refreshID)", "\(compactID)"] },
            "handlers": { "didFinishLaunching": "register", "didEnterBackground": "schedule" },
            "actions": {
              "register": [ { "step": "register", "identifier": "\(identifier)", "launchHandler": "task" } ],
              "schedule": [ { "step": "submit", "type": "\(kind)", "identifier": "\(identifier)", "earliestBegin": "20m" } ],
              "task": \(handler)
            }
            """, timeline: """
            [ { "at": "0s", "action": "launch" }, { "at": "1m", "action": "goHome" }, { "at": "1m5s", "action": "lock" }\(timeline) ]
            """, overrides: overrides, device: device, stopAt: stopAt)
    }

    /// The person types (3 s of unsaved work) at 5 s and leaves at 10 s; `save` runs in didEnterBackground.
    static func typeThenLeave(save: String, after: String, overrides: String = "{}") throws -> SimulationResult {
        try run(app: """
            "handlers": { "didEnterBackground": "save" },
            "actions": { "write": [ { "step": "work", "duration": "3s" } ], "save": \(save) }
            """, timeline: """
            [ { "at": "0s", "action": "launch" }, { "at": "5s", "action": "tap", "run": "write" },
              { "at": "10s", "action": "goHome" }\(after) ]
            """, overrides: overrides)
    }

    static func only(_ result: SimulationResult, _ rule: String) throws -> Diagnostic {
        let found = result.diagnostics(rule)
        try #require(found.count == 1, "\(result.diagnostics.map { "\($0.rule.id): \($0.message)" })")
        return found[0]
    }

    static let lostSince5 = "3.000s of work since the last save was lost when the system reclaimed memory (memoryPressure): "
    static let inPiecesFix = "Nothing to change: keep protecting work with a background task or a BGTask and save it in pieces, "
        + "so that a kill loses only the piece in flight."
    static let cutShortFix = "Nothing to change for this run: the system ended the time before its documented budget. Keep "
        + "saving in pieces that each fit, so that a short budget loses only the piece in flight."

    // MARK: BGS005 and BGS046: whose doing lost work was (decision 4)

    @Test func bgs005ExposedWhileSuspended() throws {
        let result = try Self.typeThenLeave(save: "[]", after: #", { "at": "20s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == Self.lostSince5 + "the app had been suspended since 10.000s with that work unsaved "
            + "(since 5.000s) and nothing protecting it: no background task was open and no BGTask ran for it")
        #expect(diagnostic.fix == "Save when the app leaves the foreground: in applicationDidEnterBackground (or "
            + "willResignActive) begin a background task, save, and end the task when the save is done.")
        #expect(diagnostic.rule.category == .appBug && diagnostic.severity == .error)
    }

    @Test func bgs005ExposedWhileRunningUnprotected() throws {
        let result = try Self.typeThenLeave(
            save: "[]", after: #", { "at": "12s", "action": "memoryPressure" }"#, overrides: #"{ "suspensionDelay": "5s" }"#)
        #expect(try Self.only(result, "BGS005").message == Self.lostSince5 + "the app was running in the background with that "
            + "work unsaved (since 5.000s) and nothing protecting it: no background task was open and no BGTask ran for it")
    }

    @Test func bgs005TheAppEndedItsTaskBeforeTheSave() throws {
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "work", "duration": "1s", "changesState": false },
                                            { "step": "endBackgroundTask", "id": "t" },
                                            { "step": "save", "checkpoint": "draft", "duration": "1s" } ] } ]
            """, after: #", { "at": "20s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == Self.lostSince5 + "the app ended background task 1 (\"Save\") at 11.000s while that work "
            + "(since 5.000s) was still unsaved, and nothing protected it after that")
        #expect(diagnostic.fix == "End the background task after the save, not before: call endBackgroundTask once the save "
            + "has returned, on every path.")
    }

    @Test func bgs005ATaskHeldOpenSavesNothing() throws {
        let result = try Self.run(app: """
            "actions": { "start": [ { "step": "beginBackgroundTask", "id": "t", "name": "Upload" },
                                    { "step": "work", "duration": "2s" } ] }
            """, timeline: """
            [ { "at": "0s", "action": "launch" }, { "at": "1s", "action": "tap", "run": "start" },
              { "at": "10s", "action": "goHome" }, { "at": "12s", "action": "memoryPressure" } ]
            """)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == "2.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): background task 1 (\"Upload\") was open, but the app's code had had no work going on since "
            + "10.000s, with that work unsaved (since 1.000s): the task kept the app running, and nothing saved the work")
        #expect(diagnostic.fix == "Save the work under the background task as soon as it is done, then end the task: a task "
            + "held open keeps the app running, it saves nothing by itself.")
    }

    @Test func bgs005ASaveThatCannotFitTheBackgroundTime() throws {
        // stored-identifier-guarded's true positive: a 40 s save under ~25 s of background time.
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "save", "checkpoint": "draft", "duration": "40s" },
                                            { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "60s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == Self.lostSince5 + "background task 1 (\"Save\") protected the work from 10.000s until the "
            + "system's time ran out at 35.000s, 25.000s later, with no save since it began: the work does not fit the time "
            + "the system gives")
        #expect(diagnostic.fix == "Commit the work in pieces that each fit well inside the ~30 s of background time (check "
            + "backgroundTimeRemaining before each), or move it to a BGProcessingTask.")
    }

    @Test func bgs005AnAppRefreshThatCannotFitItsWork() throws {
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "work", "duration": "40s" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "30m", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == "40.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): app refresh task \(Self.refreshID) protected the work from 21m00.000s until the system's time "
            + "ran out at 21m30.000s, 30.000s later, with no save since it began: the work does not fit the time the system gives")
        #expect(diagnostic.fix == "Save the work in pieces as the task goes, stop when the expiration handler runs and resume "
            + "in the next task; move work that needs longer to a BGProcessingTask or a background URLSession.")
    }

    @Test func bgs005ATaskCompletedWithItsWorkUnsaved() throws {
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "work", "duration": "5s" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "30m", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == "5.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the app completed app refresh task \(Self.refreshID) at 21m05.000s while that work (since "
            + "21m00.000s) was still unsaved, and nothing protected it after that")
        #expect(diagnostic.fix == "Save the task's work before setTaskCompleted(success:): the app is suspended as soon as its "
            + "tasks are complete.")
    }

    @Test func bgs005BesideTheAppsOwnCrash() throws {
        let result = try Self.run(
            app: #""actions": { "write": [ { "step": "work", "duration": "2s" }, { "step": "crash" } ] }"#,
            timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "5s", "action": "tap", "run": "write" } ]"#)
        let diagnostic = try Self.only(result, "BGS005")
        #expect(diagnostic.message == "2.000s of work since the last save was lost when the app crashed (crash): the app's own "
            + "failure ended the process (the diagnostic before this one says which), with that work in flight since 5.000s")
        #expect(diagnostic.fix == "Fix what ended the process (the diagnostic just before this one): the work is then saved as usual.")
    }

    @Test func bgs046SwipedAwayInTheForeground() throws {
        // C5: the person closes the app while typing; bgsim has no applicationWillTerminate.
        let result = try Self.run(
            app: #""actions": { "write": [ { "step": "work", "duration": "60s" } ] }"#,
            timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "5s", "action": "tap", "run": "write" }, { "at": "10s", "action": "swipeAway" } ]"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == "1m00.000s of work since the last save was lost when the person closed the app in the app "
            + "switcher (userSwipedAway): the app was in the foreground with that work in flight since 5.000s; bgsim does not "
            + "model applicationWillTerminate(_:), so the app had no callback to save in")
        #expect(diagnostic.fix == "Nothing to change for this run. On a device, a running app closed in the app switcher gets "
            + "applicationWillTerminate(_:) with about five seconds: save there too, and save as the person works, so that "
            + "little is ever in flight.")
        #expect(diagnostic.rule.category == .systemNotice && diagnostic.severity == .info)
        #expect(result.diagnostics("BGS005").isEmpty)
    }

    @Test func bgs046KilledWhileABackgroundTaskProtectsTheSave() throws {
        // C1: the save in flight under its background task, killed by memory pressure.
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "work", "duration": "5s", "changesState": false },
                                            { "step": "save", "checkpoint": "draft", "duration": "1s" },
                                            { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "12s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == Self.lostSince5 + "the work in flight since 5.000s was protected by background task 1 "
            + "(\"Save\") at that instant; no app can keep work in flight through a kill")
        #expect(diagnostic.fix == Self.inPiecesFix)
    }

    @Test func bgs046KilledWhileABGTaskRuns() throws {
        // C2: a chunk of the refresh's work in flight.
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "work", "duration": "20s" }, { "step": "save", "checkpoint": "feed" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "21m10s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == "20.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the work in flight since 21m00.000s was protected by app refresh task \(Self.refreshID) at that "
            + "instant; no app can keep work in flight through a kill")
        #expect(diagnostic.fix == Self.inPiecesFix)
    }

    @Test func bgs046KilledWhileTheSystemWaitsForACallback() throws {
        // applicationDidEnterBackground is still running (3 s of synchronous work before it begins its task).
        let result = try Self.typeThenLeave(save: """
            [ { "step": "work", "duration": "3s", "changesState": false },
              { "step": "beginBackgroundTask", "id": "t", "name": "Save" }, { "step": "save", "checkpoint": "draft" },
              { "step": "endBackgroundTask", "id": "t" } ]
            """, after: #", { "at": "11s", "action": "memoryPressure" }"#)
        #expect(try Self.only(result, "BGS046").message == Self.lostSince5 + "the work in flight since 5.000s was protected by "
            + "the time the system gives the app to finish a callback or a service's event (applicationDidEnterBackground, a "
            + "silent push, a session's events) at that instant; no app can keep work in flight through a kill")
    }

    @Test func bgs046OnlyThePieceInFlightOfWorkSavedInPieces() throws {
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "save", "checkpoint": "a", "duration": "1s" },
                                            { "step": "work", "duration": "30s" },
                                            { "step": "save", "checkpoint": "b" }, { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "60s", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == "30.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): background task 1 (\"Save\"), which protected the work from 10.000s, expired at 35.000s; the "
            + "app had saved at 11.000s since, so only the piece in flight since 11.000s was lost")
        #expect(diagnostic.fix == "Nothing to change: saving in pieces kept the rest, and the work resumes from the last save.")
    }

    @Test func bgs046BackgroundTimeCutShortOfTheBudget() throws {
        // C4: 7 s of background time, the handler at 2 s, during a 5 s save.
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "save", "checkpoint": "draft", "duration": "5s" },
                                            { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "60s", "action": "memoryPressure" }"#, overrides: #"{ "backgroundTimeBudget": "7s" }"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == Self.lostSince5 + "the system cut short the time of background task 1 (\"Save\"): the app "
            + "left at 10.000s with 7.000s of background time, less than the 30.000s the system usually gives; the work in "
            + "flight since 5.000s was left unsaved when that protection ended at 12.000s")
        #expect(diagnostic.fix == Self.cutShortFix)
    }

    @Test func bgs046AnAppThatStoppedForLackOfTime() throws {
        // writer-large-draft-guarded under a fuzzed 8 s budget: it checks backgroundTimeRemaining and does not start.
        let result = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "if", "condition": { "not": { "backgroundTimeRemainingBelow": "10s" } },
                                              "then": [ { "step": "save", "checkpoint": "draft", "duration": "5s" } ] },
                                            { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "60s", "action": "memoryPressure" }"#, overrides: #"{ "backgroundTimeBudget": "8s" }"#)
        #expect(try Self.only(result, "BGS046").message == Self.lostSince5 + "the system cut short the time of background task 1 "
            + "(\"Save\"): the app left at 10.000s with 8.000s of background time, less than the 30.000s the system usually "
            + "gives; the work in flight since 5.000s was left unsaved when that protection ended at 10.000s")
        // With the documented budget the same app saves: nothing lost.
        let full = try Self.typeThenLeave(save: """
            [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
              { "step": "async", "steps": [ { "step": "if", "condition": { "not": { "backgroundTimeRemainingBelow": "10s" } },
                                              "then": [ { "step": "save", "checkpoint": "draft", "duration": "5s" } ] },
                                            { "step": "endBackgroundTask", "id": "t" } ] } ]
            """, after: #", { "at": "60s", "action": "memoryPressure" }"#)
        #expect(full.diagnostics.isEmpty)
    }

    @Test func bgs046ABGTaskExpiredEarly() throws {
        // C3: expireTask 10 s into a 20 s chunk; the handler completes at once; memory pressure later.
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "work", "duration": "20s" }, { "step": "save", "checkpoint": "feed" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "21m10s", "action": "expireTask", "identifier": "\#(Self.refreshID)" }, { "at": "30m", "action": "memoryPressure" }"#)
        let diagnostic = try Self.only(result, "BGS046")
        #expect(diagnostic.message == "20.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the system cut short the time of app refresh task \(Self.refreshID): it expired after 10.000s "
            + "(the system ended its time early), short of the 30.000s the task type usually gets; the work in flight since "
            + "21m00.000s was left unsaved when that protection ended at 21m10.000s")
        #expect(diagnostic.fix == Self.cutShortFix)
    }

    @Test func comingBackToTheForegroundForgetsAnEarlierExpiry() throws {
        // The background time expired (7 s budget) with the draft unsaved; the person comes back, types more, and
        // leaves with nothing protecting it: what counts is what the app did when it left the second time.
        let result = try Self.typeThenLeave(save: """
            [ { "step": "if", "condition": { "valid": "t" }, "then": [],
                "else": [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": "endTask" },
                          { "step": "async", "steps": [ { "step": "save", "checkpoint": "draft", "duration": "40s" } ] } ] } ]
            """, after: #", { "at": "30s", "action": "returnToApp" }, { "at": "32s", "action": "tap", "run": "write" }, { "at": "40s", "action": "goHome" }, { "at": "60s", "action": "memoryPressure" }"#,
            overrides: #"{ "backgroundTimeBudget": "7s" }"#)
        #expect(result.diagnostics("BGS046").isEmpty)
        #expect(try Self.only(result, "BGS005").message.contains("the app had been suspended since"))
    }
}
