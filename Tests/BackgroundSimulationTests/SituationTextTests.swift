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

    // MARK: BGS002: an identifier that is not open (item 8)

    static func endTwice(onExpiration: String, reset: Bool) throws -> SimulationResult {
        let resetStep = reset ? #", { "step": "set", "id": "t", "to": "invalid" }"# : ""
        return try run(app: """
            "handlers": { "didEnterBackground": "save" },
            "actions": { "save": [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": \(onExpiration) },
                                   { "step": "async", "steps": [ { "step": "save", "checkpoint": "draft", "duration": "40s" },
                                                                 { "step": "endBackgroundTask", "id": "t" }\(resetStep) ] } ] }
            """, timeline: """
            [ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" }, { "at": "60s", "action": "returnToApp" } ]
            """)
    }

    @Test func bgs002NeverForTheInvalidIdentifier() throws {
        // C6, Apple's article: the handler ends the task and resets the identifier; the work then ends `.invalid`.
        let result = try Self.endTwice(
            onExpiration: #"[ { "step": "endBackgroundTask", "id": "t" }, { "step": "set", "id": "t", "to": "invalid" } ]"#, reset: true)
        #expect(result.diagnostics.isEmpty)
        #expect(result.consoleMessages.isEmpty)
    }

    @Test func bgs002AfterTheHandlerEndedTheSameIdentifier() throws {
        // save-on-background's true positive: the handler ends the task, the work ends it again.
        let result = try Self.endTwice(onExpiration: #""endTask""#, reset: false)
        let diagnostic = try Self.only(result, "BGS002")
        #expect(diagnostic.message.hasSuffix("Break in UIApplicationEndBackgroundTaskError() to debug. Background task 1 "
            + "(\"Save\") was ended already at 35.000s, by its own expiration handler."))
        #expect(diagnostic.fix == "Set the stored identifier to .invalid in the expiration handler right after ending the task, "
            + "and end it in the work only while it is still valid (as Apple's article does).")
    }

    @Test func bgs002EndedTwiceByTheWork() throws {
        let result = try Self.run(
            app: #""actions": { "twice": [ { "step": "beginBackgroundTask", "id": "t", "name": "Fetch" }, { "step": "work", "duration": "1s", "changesState": false }, { "step": "endBackgroundTask", "id": "t" }, { "step": "endBackgroundTask", "id": "t" } ] }"#,
            timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "5s", "action": "tap", "run": "twice" } ]"#)
        let diagnostic = try Self.only(result, "BGS002")
        #expect(diagnostic.message == "Can't end BackgroundTask: no background task exists with identifier 1 (0x1), or it may "
            + "have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug. Background task 1 (\"Fetch\") was "
            + "ended already at 6.000s.")
        #expect(diagnostic.fix == Rules.endedUnknownBackgroundTask.fix)
    }

    /// leaked-assertion-watchdog's app: one stored identifier for every sync, and a handler that ends the stored one.
    static func overwrittenIdentifier() throws -> SimulationResult {
        try run(app: """
            "handlers": { "didEnterBackground": "sync" },
            "actions": { "sync": [
              { "step": "beginBackgroundTask", "id": "syncTask", "name": "Mail sync",
                "onExpiration": [ { "step": "endBackgroundTask", "id": "syncTask" } ] },
              { "step": "async", "steps": [ { "step": "wait", "duration": "20s" },
                                            { "step": "save", "checkpoint": "mailbox", "duration": "200ms" },
                                            { "step": "endBackgroundTask", "id": "syncTask" } ] } ] }
            """, timeline: """
            [ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" }, { "at": "12s", "action": "returnToApp" },
              { "at": "14s", "action": "goHome" } ]
            """)
    }

    @Test func bgs002WhenASecondBeginOverwroteTheStoredIdentifier() throws {
        let result = try Self.overwrittenIdentifier()
        let first = try #require(result.diagnostics("BGS002").first)
        #expect(first.time == seconds(34.2))
        #expect(first.message.hasSuffix("Background task 2 (\"Mail sync\") was ended already at 30.200s; background task 1 "
            + "(\"Mail sync\"), begun earlier at 10.000s, is still open: a second begin overwrote the identifier stored for it, "
            + "so the code that should end it ends task 2 instead, and task 1 will never be ended."))
        #expect(first.fix == "Keep each task's identifier apart: capture it where the task begins (let id = "
            + "beginBackgroundTask(...)) and end that one, or begin no second task while one runs (check that the stored "
            + "identifier is .invalid first).")
    }

    // MARK: BGS004: what the expiration handler did instead (item 3)

    static func handlerRun(_ onExpiration: String) throws -> SimulationResult {
        try run(app: """
            "handlers": { "didEnterBackground": "upload" },
            "actions": { "upload": [ { "step": "beginBackgroundTask", "id": "t", "name": "Upload", "onExpiration": \(onExpiration) } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" } ]"#)
    }

    static let stillOpen = "Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: "
        + "0x15523b7e0>: taskID = 1, taskName = Upload, creationTime = 10 (elapsed = 25). This app will likely be terminated "
        + "by the system. Call UIApplication.endBackgroundTask(_:) to avoid this. "

    @Test func bgs004WhenTheHandlerDispatchedTheEnd() throws {
        let diagnostic = try Self.only(try Self.handlerRun(#""endTaskAsync""#), "BGS004")
        #expect(diagnostic.message == Self.stillOpen + "Its expiration handler dispatched the end for later and returned with the task still open.")
        #expect(diagnostic.fix == "End the task synchronously inside the expiration handler: call endBackgroundTask before "
            + "returning, not from a block dispatched for later.")
    }

    @Test func bgs004WhenTheHandlerEndedNothing() throws {
        let diagnostic = try Self.only(try Self.handlerRun(#""doNothing""#), "BGS004")
        #expect(diagnostic.message == Self.stillOpen + "Its expiration handler returned without ending it.")
        #expect(diagnostic.fix == "End the task in its expiration handler: call endBackgroundTask with the task's own identifier "
            + "before the handler returns.")
    }

    @Test func bgs004WhenTheHandlerEndedAnotherTasksIdentifier() throws {
        let diagnostic = try Self.only(try Self.overwrittenIdentifier(), "BGS004")
        #expect(diagnostic.message.hasSuffix("Its expiration handler ended background task 2 (begun at 14.000s), not its own "
            + "task 1: the identifier it read had been overwritten by a later begin."))
        #expect(diagnostic.fix == "End the identifier the handler captured: let id = beginBackgroundTask(withName:"
            + "expirationHandler:), and call endBackgroundTask(id) in the handler, not the stored property a later begin overwrites.")
    }

    // MARK: The kill line of a blocked expiration handler (item 6)

    @Test func theKillLineNamesTheBlockedHandler() throws {
        // expiration-handler-slow-write: the handler "finishes the write" on the main thread for 8 s.
        let result = try Self.run(app: """
            "handlers": { "didEnterBackground": "save" },
            "actions": { "save": [ { "step": "beginBackgroundTask", "id": "t", "name": "Save", "onExpiration": { "endTaskAfter": "8s" } },
                                   { "step": "async", "steps": [ { "step": "save", "checkpoint": "notes", "duration": "40s" } ] } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" }]"#)
        let why = "the expiration handler of background task 1 (\"Save\") was still running when the background time ran out "
            + "(for 5.000s, waiting for CPU work (work on main))"
        #expect(try Self.only(result, "BGS032").message == why)
        #expect(result.terminationEvents.first?["message"]?.string == why)
        #expect(result.diagnostics("BGS001").isEmpty)
    }

    @Test func theKillLineOfABGTaskNamesWhatBlockedItsHandler() throws {
        // blocked-expiration-handler: the handler waits for the database queue's batch in flight.
        let result = try Self.runTask("""
            [ { "step": "setTaskExpirationHandler", "onExpiration": [ { "step": "cancelWork" },
                  { "step": "dispatchSync", "queue": "database", "steps": [] }, { "step": "setTaskCompleted", "success": false } ] },
              { "step": "dispatchSync", "queue": "database", "steps": [ { "step": "work", "duration": "1m" },
                                                                         { "step": "save", "checkpoint": "batch" } ] },
              { "step": "setTaskCompleted", "success": true } ]
            """)
        #expect(try Self.only(result, "BGS032").message == "the expiration handler of app refresh task \(Self.refreshID) had not "
            + "returned 5s after it was called, waiting for DispatchQueue(\"database\").sync, and the task was not complete")
        #expect(result.terminationEvents.first?["message"]?.string == "app refresh task \(Self.refreshID) did not complete within "
            + "5s after its time ran out: its expiration handler was still running, waiting for DispatchQueue(\"database\").sync")
    }

    // MARK: BGS003 and BGS047: UIKit's line, and a task held idle (item 10)

    @Test func bgs003WhileTheTaskProtectsWorkGoingOn() throws {
        let result = try Self.run(app: """
            "handlers": { "didEnterBackground": "upload" },
            "actions": { "upload": [ { "step": "beginBackgroundTask", "id": "t", "name": "Upload" },
                                     { "step": "async", "steps": [ { "step": "wait", "duration": "5m" }, { "step": "endBackgroundTask", "id": "t" } ] } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "goHome" } ]"#,
            overrides: #"{ "backgroundTimeBudget": "180s" }"#)
        let diagnostic = try Self.only(result, "BGS003")
        #expect(diagnostic.message == "Background Task 1 (\"Upload\"), was created over 30 seconds ago. In applications running "
            + "in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for "
            + "your task in a timely manner to avoid this.")
        #expect(diagnostic.fix == "Nothing to change while the task protects work that is going on; end it as soon as that work is done.")
        #expect(diagnostic.rule.category == .systemNotice && diagnostic.severity == .info)
        #expect(result.diagnostics("BGS047").isEmpty)
    }

    @Test func bgs047HeldSinceLaunch() throws {
        // task-open-since-launch: an analytics SDK begins a task in didFinishLaunching "to be safe".
        let result = try Self.run(app: """
            "handlers": { "didFinishLaunching": "start" },
            "actions": { "start": [ { "step": "beginBackgroundTask", "id": "t", "name": "Analytics session" } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "5m", "action": "goHome" } ]"#)
        let diagnostic = try Self.only(result, "BGS047")
        #expect(diagnostic.time == seconds(300))
        #expect(diagnostic.message == "background task 1 (\"Analytics session\") has been open since launch (0.481s), 4m59.518s, "
            + "with no work of the app's going on since it began: the task is held in the background, not protecting work")
        #expect(diagnostic.fix == "Begin a background task just before the work it protects, not at launch, and end it as soon as "
            + "that work is done: a task held open keeps the app from being suspended for nothing.")
        #expect(diagnostic.rule.category == .appBug && diagnostic.severity == .warning)
        // UIKit's line is in the console, said once: as BGS047, not also as BGS003.
        #expect(result.diagnostics("BGS003").isEmpty)
        #expect(result.consoleMessages.first?.hasPrefix("Background Task 1 (\"Analytics session\"), was created over 30 seconds ago") == true)
    }

    @Test func bgs047BegunAheadOfWork() throws {
        let result = try Self.run(
            app: #""actions": { "start": [ { "step": "beginBackgroundTask", "id": "t", "name": "Export" } ] }"#,
            timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "tap", "run": "start" }, { "at": "60s", "action": "goHome" } ]"#)
        let diagnostic = try Self.only(result, "BGS047")
        #expect(diagnostic.message == "background task 1 (\"Export\") has been open since 10.000s, 50.000s, with no work of the "
            + "app's going on since it began: the task is held in the background, not protecting work")
        #expect(diagnostic.fix.hasPrefix("Begin a background task just before the work it protects, not ahead of it,"))
    }

    @Test func bgs047LeftOpenAfterItsWorkEnded() throws {
        // The export runs under the task in the foreground and, after the person leaves, in the background; the app
        // never ends the task: UIKit's line while the work goes on is a notice, the task left open after it is the bug.
        let result = try Self.run(app: """
            "actions": { "start": [ { "step": "beginBackgroundTask", "id": "t", "name": "Export" },
                                    { "step": "async", "steps": [ { "step": "wait", "duration": "60s" }, { "step": "save", "checkpoint": "export" } ] } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "10s", "action": "tap", "run": "start" }, { "at": "20s", "action": "goHome" } ]"#,
            overrides: #"{ "backgroundTimeBudget": "180s" }"#)
        #expect(result.diagnostics.map(\.rule.id) == ["BGS003", "BGS047", "BGS001"])
        let diagnostic = try Self.only(result, "BGS047")
        #expect(diagnostic.time == seconds(70))
        #expect(diagnostic.message == "background task 1 (\"Export\") has been open for 1m00.000s, in the background with no work "
            + "of the app's going on: the app's work ended at 1m10.000s, and the task was left open with nothing to protect")
        #expect(diagnostic.fix == "End the task when its work ends, on every path (after the last step, and where the work fails "
            + "or is cancelled): keep the end next to the save.")
    }

    @Test func bgs047NotForTheForegroundAgeOfWorkGoingOn() throws {
        // C8: begun in the foreground, the upload goes on; the person locks after a minute.
        let result = try Self.run(app: """
            "actions": { "start": [ { "step": "beginBackgroundTask", "id": "t", "name": "Upload", "onExpiration": "endTask" },
                                    { "step": "async", "steps": [ { "step": "wait", "duration": "80s" }, { "step": "endBackgroundTask", "id": "t" } ] } ] }
            """, timeline: #"[ { "at": "0s", "action": "launch" }, { "at": "1s", "action": "tap", "run": "start" }, { "at": "61s", "action": "lock" } ]"#)
        #expect(result.diagnostics.map(\.rule.id) == ["BGS003"])
    }

    // MARK: BGS018 and BGS048: the system's expiry, or a refresh that does not fit (item 5)

    static let batches = #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "repeat", "count": 60, "steps": [ { "step": "stopIfCancelled" }, { "step": "wait", "duration": "%@" }, { "step": "save", "checkpoint": "batch" } ] }, { "step": "setTaskCompleted", "success": true } ]"#

    @Test func bgs048ARefreshThatHadItsWholeTime() throws {
        // mistake-long-sync-in-refresh: sixty batches of 10 s in a refresh.
        let result = try Self.runTask(Self.batches.replacingOccurrences(of: "%@", with: "10s"))
        let diagnostic = try Self.only(result, "BGS048")
        #expect(diagnostic.message == "app refresh task \(Self.refreshID) ran for its 30.000s with its work still going (2 saves "
            + "since it began, the last at 21m20.000s): the work does not fit the time the task type gets")
        #expect(diagnostic.fix == "Keep a refresh to a few seconds: this one still had work going when its time ran out (2 saves "
            + "since it began, the last at 21m20.000s). Fetch what is new, not everything, and move the long sync to a "
            + "BGProcessingTask or a background URLSession, resumable from its last save.")
        #expect(!diagnostic.fix.contains("the diagnostic names"))
        #expect(diagnostic.rule.category == .appBug && diagnostic.severity == .warning)
        #expect(result.diagnostics("BGS018").isEmpty)
    }

    @Test func bgs018ARefreshCutShortByTheSystem() throws {
        let result = try Self.runTask(Self.batches.replacingOccurrences(of: "%@", with: "5s"), overrides: #"{ "appRefreshRuntime": "12s" }"#)
        let diagnostic = try Self.only(result, "BGS018")
        #expect(diagnostic.message == "the system ended app refresh task \(Self.refreshID) after 12.000s, short of the 30.000s the "
            + "task type usually gets, with its work still going (2 saves since it began, the last at 21m10.000s)")
        #expect(diagnostic.fix == "Nothing to change for this run: the system decides how long a refresh runs, and may expire it "
            + "in a few seconds (Apple forums 780956 saw 2 to 5 s). Keep refresh work short and resumable, so that an early "
            + "expiry loses little.")
        #expect(result.diagnostics("BGS048").isEmpty)
    }

    @Test func bgs018AProcessingTaskSavedAsItGoes() throws {
        // C9: chunked, resumable processing work, with processingRuntime fuzzed to 4 min.
        let result = try Self.runTask(
            Self.batches.replacingOccurrences(of: "%@", with: "1m"), kind: "processing", identifier: Self.compactID,
            overrides: #"{ "processingRuntime": "4m" }"#, device: #"{ "charging": true }"#, stopAt: "3h")
        let diagnostic = try Self.only(result, "BGS018")
        #expect(diagnostic.message == "the system ended processing task \(Self.compactID) after 4m00.000s, short of the 10m00.000s "
            + "the task type usually gets, with its work still going (3 saves since it began, the last at 24m00.000s)")
        #expect(diagnostic.fix == "Nothing to change: the work is saved as it goes; submit the request again (in the expiration "
            + "handler or at the next launch) so that the next processing task resumes from the last save. The system does not "
            + "promise how long one runs.")
        #expect(diagnostic.rule.category == .systemNotice && diagnostic.severity == .info)
    }

    @Test func bgs018AProcessingTaskThatSavedNothing() throws {
        // Its full (assumed) runtime: a notice still, for processing tasks have no documented maximum.
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "wait", "duration": "20m" }, { "step": "setTaskCompleted", "success": true } ]"#,
            kind: "processing", identifier: Self.compactID, device: #"{ "charging": true }"#, stopAt: "3h")
        let diagnostic = try Self.only(result, "BGS018")
        #expect(diagnostic.message == "the system ended processing task \(Self.compactID) after 10m00.000s, with its work still "
            + "going (no save since it began)")
        #expect(diagnostic.fix == "Save progress as the work goes: nothing was saved since this task began, so the next processing "
            + "task starts over. Stop when the expiration handler runs and submit the request again; the system does not promise "
            + "how long one runs.")
    }

    // MARK: BGS015 and BGS016: who completed the task first (item 4)

    @Test func bgs015NotBgs016WhenTheSystemCompletedFirst() throws {
        // no-expiration-handler-day: the system completes the task at its expiry; the work's completion comes later.
        let result = try Self.runTask(
            #"[ { "step": "wait", "duration": "40s" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "30m", "action": "unlock" }, { "at": "30m", "action": "returnToApp" }"#)
        #expect(result.diagnostics.map(\.rule.id) == ["BGS048", "BGS015"])
        let diagnostic = try Self.only(result, "BGS015")
        #expect(diagnostic.message == "app refresh task \(Self.refreshID) had no expiration handler when it expired at 21m30.000s; "
            + "the system marked it complete and unsuccessful, and a setTaskCompleted(success:) the app calls after this is ignored")
        #expect(diagnostic.fix == Rules.noTaskExpirationHandler.fix)
    }

    @Test func bgs016AfterTheExpirationHandlerCompletedTheTask() throws {
        // feed-refresh-week's true positive: no cancellation check after the save.
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "wait", "duration": "40s" }, { "step": "save", "checkpoint": "feed" }, { "step": "setTaskCompleted", "success": true } ]"#,
            timeline: #", { "at": "30m", "action": "unlock" }, { "at": "30m", "action": "returnToApp" }"#)
        let diagnostic = try Self.only(result, "BGS016")
        #expect(diagnostic.message == "setTaskCompleted(success: true) was called on app refresh task \(Self.refreshID) at "
            + "30m00.000s, after its expiration handler had completed it at 21m30.000s")
        #expect(diagnostic.fix == "Check for cancellation after the last step of the work (the save) too, or guard both completions "
            + "with one flag: the expiration handler completed the task first, and the work went on to complete it again.")
    }

    @Test func bgs016WhenTheWorkCompletedTwice() throws {
        let result = try Self.runTask(
            #"[ { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" }, { "step": "wait", "duration": "2s" }, { "step": "setTaskCompleted", "success": true }, { "step": "setTaskCompleted", "success": true } ]"#)
        let diagnostic = try Self.only(result, "BGS016")
        #expect(diagnostic.message == "setTaskCompleted(success: true) was called on app refresh task \(Self.refreshID) at "
            + "21m02.000s, which the app had completed already at 21m02.000s")
        #expect(diagnostic.fix == Rules.taskCompletedTwice.fix)
    }
}

/// The same situations reached from Swift app code, where Swift reaches them.
@Suite struct SwiftSituationTextTests {
    static let refreshID = TaskSchedulerTests.refreshID

    /// Runs Swift app code whose scenario permits the refresh identifier; the person leaves at 1 min and locks.
    static func runRefresh(_ delegate: @escaping @Sendable () -> any UIApplicationDelegate, extra: [TimelineEntry] = []) -> SimulationResult {
        let app = TaskSchedulerTests.refreshApp(handler: [])
        let scenario = Scenario(
            name: "swift", stopAt: .seconds(2 * 3600), app: app, timeline: TaskSchedulerTests.leaveAtOneMinute + extra)
        return Simulation(scenario: scenario, app: delegate).run()
    }

    @Test func exposedWorkIsBgs005() throws {
        let result = run(app: { TypingApp() }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(20, .memoryPressure)])
        let diagnostic = try #require(result.diagnostics("BGS005").first)
        #expect(diagnostic.message == "3.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the app had been suspended since 10.000s with that work unsaved (since 5.000s) and nothing "
            + "protecting it: no background task was open and no BGTask ran for it")
        #expect(diagnostic.fix.hasPrefix("Save when the app leaves the foreground"))
    }

    @Test func aForegroundSwipeIsBgs046() throws {
        let result = run(app: { TypingApp() }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(6, .swipeAway)])
        #expect(result.ruleIDs == ["BGS046"])
        #expect(result.diagnostics.first?.message.contains("the app was in the foreground with that work in flight since 5.000s") == true)
    }

    @Test func aSaveUnderABackgroundTaskKilledIsBgs046() throws {
        let result = run(app: { SlowSaveApp(save: .seconds(5)) }, timeline: [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(12, .memoryPressure)])
        #expect(result.ruleIDs == ["BGS046"])
        #expect(result.diagnostics.first?.message == "8.000s of work since the last save was lost when the system reclaimed memory "
            + "(memoryPressure): the work in flight since 5.000s was protected by background task 1 (\"Save draft\") at that "
            + "instant; no app can keep work in flight through a kill")
    }

    @Test func aSaveThatCannotFitIsBgs005AndACutShortOneBgs046() throws {
        let timeline = [at(0, .launch), at(5, .tap(action: "write")), at(10, .goHome), at(60, .memoryPressure)]
        let long = run(app: { SlowSaveApp(save: .seconds(40)) }, timeline: timeline)
        #expect(long.ruleIDs == ["BGS005"])
        #expect(long.diagnostics.first?.message.hasSuffix("background task 1 (\"Save draft\") protected the work from 10.000s until "
            + "the system's time ran out at 35.000s, 25.000s later, with no save since it began: the work does not fit the time "
            + "the system gives") == true)
        let cut = run(app: { SlowSaveApp(save: .seconds(5)) }, profile: profile(.iOS26, [.backgroundTimeBudget: seconds(7)]), timeline: timeline)
        #expect(cut.ruleIDs == ["BGS046"])
        #expect(cut.diagnostics.first?.message.contains("the app left at 10.000s with 7.000s of background time, less than the "
            + "30.000s the system usually gives") == true)
    }

    @Test func bgs002Situations() throws {
        let twice = run(app: { DoubleEndApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(twice.diagnostics.first?.message.hasSuffix("Background task 1 was ended already at 10.000s.") == true)
        let afterHandler = run(app: { SlowSaveApp(save: .seconds(40), endsTwice: true) }, timeline: [at(0, .launch), at(10, .goHome), at(60, .returnToApp)])
        #expect(afterHandler.ruleIDs == ["BGS002"])
        #expect(afterHandler.diagnostics.first?.message.hasSuffix("Background task 1 (\"Save draft\") was ended already at 35.000s, "
            + "by its own expiration handler.") == true)
        let stray = run(app: { StrayEndApp() }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(stray.ruleIDs == ["BGS002"])
        #expect(stray.diagnostics.first?.message.hasSuffix("No background task 42 was begun in this process.") == true)
        #expect(stray.diagnostics.first?.fix == "End only an identifier that beginBackgroundTask returned in this process, and only once.")
        // `.invalid` is nothing at all.
        #expect(stray.consoleMessages.count == 1)
    }

    @Test func bgs004Situations() throws {
        let nothing = run(app: { HandlerApp(kind: .nothing) }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(nothing.diagnostics("BGS004").first?.message.hasSuffix("Its expiration handler returned without ending it.") == true)
        let later = run(app: { HandlerApp(kind: .dispatched) }, timeline: [at(0, .launch), at(10, .goHome)])
        #expect(later.diagnostics("BGS004").first?.message.hasSuffix(
            "Its expiration handler dispatched the end for later and returned with the task still open.") == true)
        let other = run(app: { HandlerApp(kind: .stored) }, timeline: [at(0, .launch), at(10, .goHome), at(12, .returnToApp), at(14, .goHome)])
        #expect(other.diagnostics("BGS004").first?.message.hasSuffix("Its expiration handler ended background task 2 (begun at "
            + "14.000s), not its own task 1: the identifier it read had been overwritten by a later begin.") == true)
    }

    @Test func aTaskHeldBySwiftCodeIsOnlyUIKitsLine() {
        // The model does not see Swift code's own tasks, so it cannot tell a held task from one protecting work: BGS003.
        let result = run(app: { HandlerApp(kind: .ends) }, profile: profile(.iOS26, [.backgroundTimeBudget: seconds(180)]),
                         timeline: [at(0, .launch), at(10, .goHome)])
        #expect(result.ruleIDs == ["BGS003"])
    }

    @Test func aSwiftRefreshThatNeverCompletesIsBgs048() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .neverCompletes) })
        let diagnostic = try #require(result.diagnostics("BGS048").first)
        #expect(diagnostic.message == "app refresh task \(Self.refreshID) ran for its 30.000s without calling "
            + "setTaskCompleted(success:) (no save since it began): the work does not fit the time the task type gets")
    }

    @Test func aSwiftRefreshCompletedBySystemThenByTheAppIsBgs015Only() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .noHandler) }, extra: [at(1800, .unlock), at(1800, .returnToApp)])
        #expect(Set(result.ruleIDs) == ["BGS015", "BGS048"])
        #expect(result.diagnostics("BGS015").first?.message.hasSuffix("a setTaskCompleted(success:) the app calls after this is ignored") == true)
    }

    @Test func aSwiftRefreshCompletedByItsHandlerThenByTheWorkIsBgs016() throws {
        let result = Self.runRefresh({ SwiftRefresh(kind: .handlerThenWork) }, extra: [at(1800, .unlock), at(1800, .returnToApp)])
        let diagnostic = try #require(result.diagnostics("BGS016").first)
        // The 40 s of CPU work paused at the suspension with 10 s to go, and finish when the person comes back.
        #expect(diagnostic.message == "setTaskCompleted(success: true) was called on app refresh task \(Self.refreshID) at "
            + "30m10.000s, after its expiration handler had completed it at 21m30.000s")
        #expect(diagnostic.fix.hasPrefix("Check for cancellation after the last step of the work"))
    }
}

/// Types for 3 s when the person taps; saves nothing on leaving.
nonisolated final class TypingApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func application(_ application: UIApplication, performUserAction name: String) async {
        try? await application.simulateWork(for: .seconds(3))
    }
}

/// Types for 3 s; on leaving, begins a background task and saves for `save` (work of its own), then ends the task
/// (and, with `endsTwice`, its expiration handler ends it too, without resetting the identifier).
nonisolated final class SlowSaveApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let save: Duration
    let endsTwice: Bool
    let task = IdentifierBox()

    init(save: Duration, endsTwice: Bool = false) {
        self.save = save
        self.endsTwice = endsTwice
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        try? await application.simulateWork(for: .seconds(3))
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let (task, endsTwice) = (self.task, self.endsTwice)
        task.value = application.beginBackgroundTask(withName: "Save draft") {
            application.endBackgroundTask(task.value)
            if !endsTwice { task.value = .invalid }
        }
        let save = self.save
        Task {
            try? await application.simulateWork(for: save)
            application.saveState(checkpoint: "draft")
            application.endBackgroundTask(task.value)
            task.value = .invalid
        }
    }
}

/// Ends an identifier no begin returned.
nonisolated final class StrayEndApp: SimulatedApplicationDelegate, @unchecked Sendable {
    func applicationDidEnterBackground(_ application: UIApplication) async {
        application.endBackgroundTask(.invalid)
        application.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: 42))
    }
}

/// A background task on leaving whose expiration handler does one of the mistakes, or ends it.
nonisolated final class HandlerApp: SimulatedApplicationDelegate, @unchecked Sendable {
    enum Kind { case nothing, dispatched, stored, ends }
    let kind: Kind
    let stored = IdentifierBox()

    init(kind: Kind) {
        self.kind = kind
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let stored = self.stored
        switch kind {
        case .nothing:
            _ = application.beginBackgroundTask(withName: "Upload") {}
        case .dispatched:
            let own = IdentifierBox()
            own.value = application.beginBackgroundTask(withName: "Upload") {
                PlatformLookalikes.DispatchQueue.main.async { application.endBackgroundTask(own.value) }
            }
        case .stored:
            // One stored property for every begin, and a handler that ends whatever it holds now.
            stored.value = application.beginBackgroundTask(withName: "Sync") {
                application.endBackgroundTask(stored.value)
            }
        case .ends:
            let own = IdentifierBox()
            own.value = application.beginBackgroundTask(withName: "Upload") {
                application.endBackgroundTask(own.value)
            }
        }
    }
}

/// A refresh written in Swift, with one of the completion mistakes.
nonisolated final class SwiftRefresh: SimulatedApplicationDelegate, @unchecked Sendable {
    enum Kind { case neverCompletes, noHandler, handlerThenWork }
    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
        let kind = self.kind
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskSchedulerTests.refreshID, using: nil) { task in
            switch kind {
            case .neverCompletes:
                task.expirationHandler = { task.setTaskCompleted(success: false) }
            case .noHandler:
                Task {
                    try? await application.simulateWork(for: .seconds(40))
                    task.setTaskCompleted(success: true)
                }
            case .handlerThenWork:
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                Task {
                    try? await application.simulateWork(for: .seconds(40))
                    task.setTaskCompleted(success: true)
                }
            }
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        let request = BGAppRefreshTaskRequest(identifier: TaskSchedulerTests.refreshID)
        request.earliestBeginDate = BGTaskScheduler.shared.now.addingTimeInterval(20 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}
