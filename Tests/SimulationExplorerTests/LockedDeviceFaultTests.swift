import ScenarioFormat
import SimulationKernel
import SimulationModel
import Testing
@testable import SimulationExplorer

/// The person's faults on a locked device (`swipeAway`, `returnToApp`) unlock it first: no one reaches the app
/// switcher, or the app, through a locked phone (trust findings C2).
@Suite struct LockedDeviceFaultTests {
    /// A processing task with no expiration handler runs while the phone is locked on its charger, from 7m to 9m.
    static let night = """
        {"format":1,"name":"locked-night","seed":1,"profile":"iOS26","policy":"deterministic","stopAt":"1h",
         "app":{"bundleIdentifier":"com.example.locked",
          "infoPlist":{"UIBackgroundModes":["processing"],"BGTaskSchedulerPermittedIdentifiers":["com.example.locked.clean"]},
          "handlers":{"didFinishLaunching":"registerTasks","didEnterBackground":"schedule"},
          "actions":{
           "registerTasks":[{"step":"register","identifier":"com.example.locked.clean","launchHandler":"clean"}],
           "schedule":[{"step":"submit","type":"processing","identifier":"com.example.locked.clean"}],
           "clean":[{"step":"work","duration":"2m"},{"step":"setTaskCompleted","success":true}]}},
         "device":{"locked":false,"charging":true,"network":"wifi"},
         "timeline":[{"at":"0s","action":"launch"},{"at":"1m","action":"goHome"},{"at":"2m","action":"lock"}],
         "expect":{"diagnostics":[]}}
        """

    /// The person's actions of a run, with the device's lock state when each was traced.
    static func actions(_ result: SimulationResult) -> [(action: String, note: String?, locked: Bool)] {
        var locked = false
        var actions: [(action: String, note: String?, locked: Bool)] = []
        for event in result.events {
            switch event.record {
            case .device(.state(let state)): locked = state.locked
            case .person(.action(let action)): actions.append((action.action.rawValue, action.note, locked))
            default: break
            }
        }
        return actions
    }

    @Test(arguments: [FaultKind.swipeAway, .returnToApp])
    func aFaultOnALockedPhoneUnlocksItFirst(kind: FaultKind) throws {
        let target = ExplorationTarget(scenario: try scenario(Self.night))
        let result = try target.result(of: FaultPlan(scenario: "locked-night", faults: [Fault(at: .zero + 480 * second, kind: kind)]))
        let actions = Self.actions(result).suffix(2)
        #expect(actions.map(\.action) == ["unlock", kind.rawValue])
        #expect(actions.first?.locked == true, "the unlock is traced while the phone is locked")
        #expect(actions.first?.note == "the device was locked: the person unlocks it first, for fault: \(kind.rawValue)")
        #expect(actions.last?.locked == false, "the fault acts on an unlocked phone")
        #expect(actions.last?.note == "fault: \(kind.rawValue)")
        // The unlock does what an unlock does: the running processing task expires (BGProcessingTask: "The system
        // terminates any background processing tasks running when the user starts using the device").
        let expired = result.events.contains { event in
            if case .task(.expire(let expire)) = event.record { expire.reason == "the person started using the device" } else { false }
        }
        #expect(expired)
        #expect(result.diagnostics.contains { $0.rule.id == "BGS015" }, "the app set no expiration handler")
    }

    @Test func anUnlockedPhoneAndTheScenariosOwnActionsAreLeftAlone() throws {
        let target = ExplorationTarget(scenario: try scenario(Self.night))
        // Before the lock: no unlock.
        let early = try target.result(of: FaultPlan(scenario: "locked-night", faults: [Fault(at: .zero + 90 * second, kind: .swipeAway)]))
        #expect(Self.actions(early).map(\.action) == ["launch", "goHome", "swipeAway", "lock"])
        // Memory pressure needs no person.
        let pressure = try target.result(of: FaultPlan(scenario: "locked-night", faults: [Fault(at: .zero + 480 * second, kind: .memoryPressure)]))
        #expect(Self.actions(pressure).map(\.action) == ["launch", "goHome", "lock", "memoryPressure"])
        // A scenario's own swipe on a locked phone is what the scenario says: `bgsim run` traces do not change.
        var own = try scenario(Self.night)
        own.timeline.append(TimelineEntry(at: .seconds(480), action: .swipeAway))
        let plain = Simulation(scenario: own).run()
        #expect(Self.actions(plain).map(\.action) == ["launch", "goHome", "lock", "swipeAway"])
        #expect(Self.actions(plain).last?.locked == true)
    }

    /// Every person's fault a campaign injects into a scenario that spends its night locked acts on an unlocked phone.
    @Test func noCampaignFaultActsOnALockedPhone() throws {
        let target = try sample("correct/notes-compact-processing-night")
        let campaign = Campaign(target: target, settings: CampaignSettings(seed: 1, runs: 120, kinds: [.swipeAway, .returnToApp]))
        var unlocks = 0
        for index in 1..<120 {
            let actions = Self.actions(try target.result(of: try campaign.plan(ofRun: index)))
            for action in actions where action.note?.hasPrefix("fault: ") == true {
                #expect(!action.locked, "run \(index): \(action.action) on a locked phone")
            }
            unlocks += actions.filter { $0.action == "unlock" && $0.note?.contains("unlocks it first") == true }.count
        }
        #expect(unlocks > 0, "some faults landed while the phone was locked")
    }

    /// Shrinking keeps the fault that needed the unlock, and the shrunk plan replays byte for byte through its text.
    @Test func aShrunkPlanWithAnUnlockReplaysByteForByte() throws {
        let target = ExplorationTarget(scenario: try scenario(Self.night))
        let plan = FaultPlan(scenario: "locked-night", faults: [
            Fault(at: .zero + 200 * second, kind: .networkLoss), Fault(at: .zero + 480 * second, kind: .swipeAway),
            Fault(at: .zero + 500 * second, kind: .lowPowerMode),
        ])
        let signature = FailureSignature(.rule, "BGS015")
        #expect(try target.outcome(of: plan).shows(signature))
        var shrinker = Shrinker(target: target, signature: signature, maximumAttempts: 300)
        let result = shrinker.shrink(plan)
        let shrunk = try #require(result)
        #expect(shrunk.plan.faults.map(\.kind) == [.swipeAway])
        let replayed = try FaultPlan(json: shrunk.plan.compactJSON)
        let first = try target.result(of: replayed)
        #expect(first.fingerprint.description == shrunk.fingerprint)
        #expect(traceLines(first) == traceLines(try target.result(of: replayed)))
        #expect(Self.actions(first).suffix(2).map(\.action) == ["unlock", "swipeAway"])
    }
}
