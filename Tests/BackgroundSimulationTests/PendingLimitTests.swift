import BackgroundSimulation
import Foundation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// BGS050: a submission beyond the documented pending limit (1 app refresh, 10 processing) is the app's to avoid.
@Suite struct PendingLimitTests {
    /// A news app with one refresh identifier per category that submits both when it leaves the foreground
    /// (Scenarios/bugs-day-of-use/refresh-beyond-pending-limit-day, shortened): the second submit throws.
    static let twoRefreshes = """
        {
          "format": 1, "name": "two-refreshes", "seed": 1, "profile": "iOS26", "stopAt": "3h",
          "app": {
            "bundleIdentifier": "com.example.news",
            "infoPlist": {
              "UIBackgroundModes": ["fetch"],
              "BGTaskSchedulerPermittedIdentifiers": ["com.example.news.sports", "com.example.news.politics"]
            },
            "handlers": { "didFinishLaunching": "registerTasks", "didEnterBackground": "schedule" },
            "actions": {
              "registerTasks": [
                { "step": "register", "identifier": "com.example.news.sports", "launchHandler": "refresh" },
                { "step": "register", "identifier": "com.example.news.politics", "launchHandler": "refresh" }
              ],
              "schedule": [
                { "step": "submit", "identifier": "com.example.news.sports", "type": "appRefresh", "earliestBegin": "30m" },
                { "step": "submit", "identifier": "com.example.news.politics", "type": "appRefresh", "earliestBegin": "30m" }
              ],
              "refresh": [
                { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" },
                { "step": "wait", "duration": "2s" },
                { "step": "setTaskCompleted", "success": true }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "10m", "action": "goHome" }
          ]
        }
        """

    static func run(_ json: String) throws -> SimulationResult {
        Simulation(scenario: try Scenario.decode(Data(json.utf8), file: "x.json")).run()
    }

    @Test func aSecondRefreshRequestIsAnAppBugThatNamesThePendingOne() throws {
        let result = try Self.run(Self.twoRefreshes)
        #expect(result.ruleIDs == ["BGS050"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule.category == .appBug)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.time == VirtualInstant.zero + .minutes(10))
        #expect(diagnostic.subject == "task identifier com.example.news.politics")
        #expect(diagnostic.message.contains("submit(_:) threw tooManyPendingTaskRequests: com.example.news.politics was not scheduled"))
        #expect(diagnostic.message.contains("1 app refresh request was already pending (com.example.news.sports)"))
        #expect(diagnostic.message.contains("the system keeps 1 at a time"))
        #expect(diagnostic.fix.contains("Submit one app refresh request and do the work of both com.example.news.sports and com.example.news.politics in its handler"))
        #expect(diagnostic.fix.contains("cancel(taskRequestWithIdentifier: \"com.example.news.sports\")"))
        // The trace says what the app's catch block saw.
        #expect(result.events(.task(.submitFailed)).first?["error"] == "tooManyPendingTaskRequests")
    }

    @Test func resubmittingThePendingIdentifierReplacesItAndIsClean() throws {
        // Submitting the same identifier again replaces the pending request: no error, no diagnostic.
        let json = Self.twoRefreshes.replacingOccurrences(
            of: #""identifier": "com.example.news.politics", "type": "appRefresh""#,
            with: #""identifier": "com.example.news.sports", "type": "appRefresh""#)
        let result = try Self.run(json)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.submitFailed)).isEmpty)
    }

    @Test func anEleventhProcessingRequestHasTheProcessingText() throws {
        let identifiers = (0..<11).map { "com.example.app.p\($0)" }
        let app = AppDefinition(
            bundleIdentifier: "com.example.app", backgroundModes: [.processing], permittedIdentifiers: identifiers,
            handlers: [(callback: .didFinishLaunching, action: "registerAll"), (callback: .didEnterBackground, action: "submitAll")],
            actions: [
                "work": [.setTaskCompleted(success: true)],
                "registerAll": identifiers.map { .register(identifier: $0, launchHandler: "work", onMainQueue: false, asyncHandler: false) },
                "submitAll": identifiers.map { .submit(TaskRequest(identifier: $0, kind: .processing), earliestBegin: .hours(1)) },
            ])
        let result = Simulation(scenario: Scenario(
            name: "eleven", stopAt: .seconds(120), app: app, timeline: [at(0, .launch), at(60, .goHome)])).run()
        #expect(result.ruleIDs == ["BGS050"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.contains("com.example.app.p10 was not scheduled, because 10 processing requests were already pending"))
        #expect(diagnostic.message.contains("(com.example.app.p0, com.example.app.p1, com.example.app.p2 and 7 more)"))
        #expect(diagnostic.fix.hasPrefix("Cancel a pending processing request you no longer need"))
    }

    /// The same app in Swift: the error is caught and only logged, as in the bug.
    nonisolated final class TwoRefreshesApp: SimulatedApplicationDelegate, @unchecked Sendable {
        let errors = Log<String>()

        func application(
            _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
        ) async -> Bool {
            for identifier in ["com.example.news.sports", "com.example.news.politics"] {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
            }
            return true
        }

        func applicationDidEnterBackground(_ application: UIApplication) async {
            for identifier in ["com.example.news.sports", "com.example.news.politics"] {
                let request = BGAppRefreshTaskRequest(identifier: identifier)
                request.earliestBeginDate = BGTaskScheduler.shared.now.addingTimeInterval(30 * 60)
                do {
                    try BGTaskScheduler.shared.submit(request)
                } catch {
                    errors.append("\(identifier): \(error)")
                }
            }
        }
    }

    @Test func swiftCodeThatCatchesTheErrorIsFlaggedToo() throws {
        let delegate = TwoRefreshesApp()
        let scenario = try Scenario.decode(Data(Self.twoRefreshes.utf8), file: "x.json")
        let result = Simulation(scenario: scenario, app: { delegate }).run()
        #expect(delegate.errors.all.count == 1)
        #expect(delegate.errors.all.first?.hasPrefix("com.example.news.politics") == true)
        #expect(result.ruleIDs == ["BGS050"])
        #expect(result.diagnostics.first?.message.contains("com.example.news.politics was not scheduled") == true)
    }
}
