import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// The situations of ended identifiers, expiration handlers, held tasks, expiries and completions (the rest of
/// SituationTextTests, by concern).
extension SituationTextTests {
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
