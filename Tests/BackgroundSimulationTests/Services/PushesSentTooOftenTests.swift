import BackgroundSimulation
import Foundation
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Testing

/// BGS049: the app's server sends more background pushes in an hour than Apple advises, counted when it sends them;
/// the system holding them back (BGS040) stays a notice.
@Suite struct PushesSentTooOftenTests {
    /// A chat server that sends a background push per message: five within twenty minutes
    /// (Scenarios/bugs-day-of-use/chat-push-per-message-day, shortened).
    static let perMessage = """
        {
          "format": 1, "name": "push-per-message", "seed": 1, "profile": "iOS26", "stopAt": "3h",
          "app": {
            "bundleIdentifier": "com.example.chat",
            "infoPlist": { "UIBackgroundModes": ["remote-notification"] },
            "handlers": { "didReceiveRemoteNotification": "fetchMessages" },
            "actions": {
              "fetchMessages": [
                { "step": "wait", "duration": "2s" },
                { "step": "save", "checkpoint": "messages", "duration": "200ms" },
                { "step": "callFetchCompletion", "result": "newData" }
              ]
            }
          },
          "timeline": [
            { "at": "0s", "action": "launch" },
            { "at": "10m", "action": "goHome" },
            { "at": "1h", "action": "push", "contentAvailable": true, "pushType": "background", "priority": 5 },
            { "at": "1h3m", "action": "push", "contentAvailable": true, "pushType": "background", "priority": 5 },
            { "at": "1h7m", "action": "push", "contentAvailable": true, "pushType": "background", "priority": 5 },
            { "at": "1h12m", "action": "push", "contentAvailable": true, "pushType": "background", "priority": 5 },
            { "at": "1h15m", "action": "push", "contentAvailable": true, "pushType": "background", "priority": 5 }
          ]
        }
        """

    @Test func aPushPerMessageIsTheServersBugFromTheFourthInAnHour() throws {
        let result = Simulation(scenario: try Scenario.decode(Data(Self.perMessage.utf8), file: "x.json")).run()
        let sent = result.diagnostics("BGS049")
        #expect(sent.map(\.time) == [VirtualInstant.zero + .minutes(72), .zero + .minutes(75)])
        #expect(sent.map(\.subject) == ["push 4", "push 5"])
        #expect(sent.allSatisfy { $0.rule.category == .appBug && $0.severity == .warning })
        #expect(sent.first?.message == "the server sent push 4 at 1h12m00s, its 4th background push within an hour "
            + "(push 1 at 1h00m00s, push 2 at 1h03m00s, push 3 at 1h07m00s): Apple advises no more than two or three an hour (pushMaxPerHour 3)")
        #expect(sent.first?.fix.hasPrefix("Send a background push only when there is something new to fetch") == true)
        // The system throttles the same pushes: its notice says so beside the server's bug.
        #expect(result.diagnostics("BGS040").map(\.time) == sent.map(\.time))
        #expect(result.diagnostics("BGS040").allSatisfy { $0.rule.category == .systemNotice && $0.severity == .info })
    }

    @Test func manyEarlierPushesAreCountedNotListed() throws {
        let timeline = [at(0, .launch), at(10, .goHome)] + (0..<6).map { at(3600 + Double($0) * 120, SilentPushTests.good) }
        let result = SilentPushTests.runPush(timeline)
        let last = try #require(result.diagnostics("BGS049").last)
        #expect(last.message.contains("its 6th background push within an hour (5 earlier, the first push 1 at 1h00m00s)"))
    }

    @Test func aCompliantServerWhosePushesTheNetworkBunchesIsNotBlamed() {
        // Every 21 minutes: never more than three in any hour. The first push arrives 15 minutes late, so four are
        // delivered within an hour and the system holds one back (BGS040, a notice); the server kept to the advice.
        let sends = [3600.0, 4860, 6120, 7380]
        let timeline = [at(0, .launch), at(10, .goHome), at(3599, .delayPush(by: .minutes(15)))]
            + sends.map { at($0, SilentPushTests.good) }
        let result = SilentPushTests.runPush(timeline, stopAt: .seconds(4 * 3600))
        #expect(result.diagnostics("BGS049").isEmpty)
        #expect(!result.diagnostics("BGS040").isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.rule.category == .systemNotice })
    }

    @Test func onlyBackgroundUpdatesCount() {
        // Alert pushes without content-available are not background updates: Apple's advice is about those.
        let alert = UserAction.push(RemoteNotification(contentAvailable: false, pushType: .alert, priority: 10))
        let timeline = [at(0, .launch), at(10, .goHome)] + (0..<5).map { at(3600 + Double($0) * 60, alert) }
        #expect(SilentPushTests.runPush(timeline).diagnostics("BGS049").isEmpty)
    }
}
