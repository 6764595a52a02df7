import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel

/// A long scenario built in Swift: a year (or any number of days) in the life of an app.
///
/// A notes app that also refreshes its feed. Every day the person opens it in
/// the morning and at lunch, types, and leaves it (once by going home, once by
/// locking the device); each time the app saves its draft under a background
/// task whose expiration handler ends it (the pattern of
/// `Scenarios/save-on-background.json`) and submits a refresh request, whose
/// handler reschedules itself, fetches, saves and completes (the pattern of
/// `Scenarios/feed-refresh-week.json`). The system runs the refreshes with the
/// realistic policy. At night it reclaims memory and kills the suspended app,
/// so every morning is a fresh launch; once a week the person closes it in the
/// app switcher instead.
enum LifeOfAnApp {
    static let refreshIdentifier = "com.example.notes.refresh"

    /// The scenario for `days` days.
    static func scenario(days: Int) -> Scenario {
        let app = AppDefinition(
            bundleIdentifier: "com.example.notes",
            backgroundModes: ["fetch"],
            permittedIdentifiers: [refreshIdentifier],
            handlers: [(callback: .didFinishLaunching, action: "registerTasks"),
                       (callback: .didEnterBackground, action: "saveDraft")],
            actions: [
                "registerTasks": [
                    .register(identifier: refreshIdentifier, launchHandler: "refresh", onMainQueue: false, asyncHandler: false),
                ],
                "scheduleRefresh": [
                    .submit(TaskRequest(identifier: refreshIdentifier, kind: .appRefresh), earliestBegin: .hours(1)),
                ],
                "refresh": [
                    .setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])),
                    .perform(action: "scheduleRefresh"),
                    .wait(duration: .seconds(3)),
                    .stopIfCancelled,
                    .save(checkpoint: "feed", duration: .milliseconds(500)),
                    .setTaskCompleted(success: true),
                ],
                "edit": [.work(duration: .seconds(2), jitter: .seconds(1), changesState: true)],
                "saveDraft": [
                    .beginBackgroundTask(
                        variable: "saveTask", name: "Save draft",
                        onExpiration: .steps([.endBackgroundTask(variable: nil)])),
                    .perform(action: "scheduleRefresh"),
                    .async([
                        .work(duration: .seconds(3), jitter: .seconds(1), changesState: false),
                        .save(checkpoint: "draft", duration: .milliseconds(500)),
                        .endBackgroundTask(variable: "saveTask"),
                    ]),
                ],
            ])
        var timeline: [TimelineEntry] = []
        for index in 0..<days {
            let start = Duration.seconds(index * 86_400)
            func at(_ hours: Int, _ minutes: Int, _ seconds: Int = 0) -> Duration {
                start + .seconds(hours * 3_600 + minutes * 60 + seconds)
            }
            timeline.append(TimelineEntry(at: at(8, 0), action: .launch))
            timeline.append(TimelineEntry(at: at(8, 0, 10), action: .tap(action: "edit")))
            timeline.append(TimelineEntry(at: at(8, 5), action: .goHome))
            timeline.append(TimelineEntry(at: at(12, 30), action: .launch))
            timeline.append(TimelineEntry(at: at(12, 30, 10), action: .tap(action: "edit")))
            timeline.append(TimelineEntry(at: at(12, 32), action: .lock))
            timeline.append(TimelineEntry(at: at(12, 40), action: .unlock))
            timeline.append(TimelineEntry(at: at(12, 41), action: .goHome))
            timeline.append(TimelineEntry(at: at(22, 0), action: index % 7 == 6 ? .swipeAway : .memoryPressure))
        }
        return Scenario(
            name: "life-of-an-app-\(days)d", seed: 1, stopAt: .seconds(days * 86_400), app: app, policy: .realistic,
            timeline: timeline)
    }

    /// `scenario` run for `days` days: its timeline repeated every `scenario.stopAt`, cut at the new end.
    static func stretched(_ scenario: Scenario, toDays days: Int) -> Scenario {
        let period = max(.nanoseconds(1), scenario.stopAt)
        let end = Duration.seconds(days * 86_400)
        var stretched = scenario
        stretched.stopAt = end
        stretched.timeline = []
        var offset = Duration.zero
        while offset < end {
            for entry in scenario.timeline where offset + entry.at <= end {
                stretched.timeline.append(TimelineEntry(at: offset + entry.at, action: entry.action, note: entry.note))
            }
            offset += period
        }
        return stretched
    }
}
