import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
@testable import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// Random progress schedules, random (often buggy) handlers and random people: continued processing keeps its promises.
@Suite struct ContinuedPropertyTests {
    static let second: VirtualDuration = .seconds(1)
    static let jobs = ["a", "b", "c", "d"]
    static let prefix = "com.example.jobs.run."

    /// One random world: per job, how it reports progress and what its expiration handler does; then what happens when.
    struct World: CustomStringConvertible {
        struct Job {
            var progress: Int  // index into `progressModes`
            var unit: Int  // index into `unitDurations`
            var count: Int  // index into `counts`
            var handler: Int  // index into `handlerNames`
            var checksCancellation: Bool
            var strategy: Bool  // true: .fail
        }

        var limit: Int
        var jobs: [Job]
        var timeline: [(gap: Int, action: Int)]

        static let progressModes: [UnitWork.Reporting] = [.every(1), .every(3), .every(8), .never]
        static let unitDurations: [VirtualDuration] = [second, 3 * second, 5 * second, 12 * second]
        static let counts = [3, 10, 25]
        static let handlerNames = ["cleanUp", "lazy", "noHandler", "deaf"]
        static let gaps: [VirtualDuration] = [.zero, second, 5 * second, 15 * second, 40 * second, 120 * second]

        static var actions: [UserAction] {
            ContinuedPropertyTests.jobs.map { .tap(action: "submit-\($0)") } + [
                .goHome, .launch, .lock, .unlock, .swipeAway, .memoryPressure, .resourcePressure,
                .cancelLiveActivity(identifier: nil), .cancelLiveActivity(identifier: ContinuedPropertyTests.prefix + "b"),
                .answerPrompt(identifier: nil, answer: .continue), .answerPrompt(identifier: nil, answer: .stop),
                .simulateExpiration(identifier: ContinuedPropertyTests.prefix + "a"),
            ]
        }

        var description: String {
            let jobText = zip(ContinuedPropertyTests.jobs, jobs).map { name, job in
                "\(name): \(World.counts[job.count])×\(TimeText.formatExact(World.unitDurations[job.unit])) "
                    + "progress \(World.progressModes[job.progress]) \(World.handlerNames[job.handler])"
                    + "\(job.checksCancellation ? "" : " ignoresCancel")\(job.strategy ? " fail" : "")"
            }
            let steps = timeline.map { "+\(TimeText.formatExact(World.gaps[$0.gap])) \(World.actions[$0.action])" }
            return "limit \(limit), jobs [\(jobText.joined(separator: "; "))], timeline [\(steps.joined(separator: ", "))]"
        }

        func scenario() -> Scenario {
            var actions: [String: [Step]] = ["register": []]
            for (name, job) in zip(ContinuedPropertyTests.jobs, jobs) {
                let identifier = ContinuedPropertyTests.prefix + name
                let output = "\(name).out"
                actions["register"]!.append(.register(identifier: identifier, launchHandler: "run-\(name)", onMainQueue: false, asyncHandler: false))
                actions["submit-\(name)"] = [.submit(TaskRequest(
                    identifier: identifier, kind: .continuedProcessing, title: "Job \(name)", subtitle: output,
                    strategy: job.strategy ? .fail : .queue))]
                let handler: ExpirationBehavior = switch World.handlerNames[job.handler] {
                case "cleanUp": .steps([.cancelWork, .removePartialOutput(output: output), .setTaskCompleted(success: false)])
                case "lazy": .steps([.cancelWork, .setTaskCompleted(success: false)])
                case "noHandler": .noHandler
                default: .steps([.log("ignoring the expiration")])
                }
                actions["run-\(name)"] = [
                    .setTaskExpirationHandler(handler),
                    .processUnits(UnitWork(
                        count: World.counts[job.count], duration: World.unitDurations[job.unit], progress: World.progressModes[job.progress],
                        output: output, checksCancellation: job.checksCancellation)),
                    .setTaskCompleted(success: true),
                ]
            }
            let app = AppDefinition(
                bundleIdentifier: "com.example.jobs", permittedIdentifiers: ["com.example.jobs.run.*"],
                handlers: [(callback: .didFinishLaunching, action: "register")], actions: actions)
            var at = VirtualDuration.zero
            let entries = [TimelineEntry(at: .zero, action: .launch)] + timeline.map { step -> TimelineEntry in
                at = at + World.gaps[step.gap]
                return TimelineEntry(at: at.duration, action: World.actions[step.action])
            }
            var profile = PlatformProfile(.iOS26)
            profile.continuedProcessingConcurrency = limit
            return Scenario(name: "random-continued", profile: profile, stopAt: (at + 600 * second).duration, app: app, timeline: entries)
        }
    }

    static var worlds: Generator<World> {
        let job = Generator.zip(
            Generator.zip(Generator<Int>.int(in: 0...3), Generator<Int>.int(in: 0...3), Generator<Int>.int(in: 0...2)),
            Generator.zip(Generator<Int>.int(in: 0...3), Generator<Bool>.bool, Generator<Bool>.bool)
        ).map { World.Job(progress: $0.0.0, unit: $0.0.1, count: $0.0.2, handler: $0.1.0, checksCancellation: !$0.1.1, strategy: $0.1.2) }
        // Taps on the jobs weigh more than any other action, so that most worlds run several jobs at once.
        let action = Generator.oneOf(weighted: [
            (weight: 3, generator: Generator<Int>.int(in: 0...(ContinuedPropertyTests.jobs.count - 1))),
            (weight: 2, generator: Generator<Int>.int(in: 0...(World.actions.count - 1))),
        ])
        let step = Generator.zip(Generator<Int>.int(in: 0...(World.gaps.count - 1)), action).map { (gap: $0.0, action: $0.1) }
        return Generator.zip(Generator<Int>.int(in: 1...3), job.array(length: 4...4), step.array(length: 1...20))
            .map { World(limit: $0.0, jobs: $0.1, timeline: $0.2) }
    }

    /// What the trace says about continued tasks, replayed against the model's promises.
    struct Replay {
        let profile: PlatformProfile
        var violations: [String] = []
        var pending: Set<String> = []
        var running: [String: (lastAdvance: VirtualInstant, expired: Bool)] = [:]
        var mostRunning = 0
        var outputs: [String: String] = [:]
        /// The output files each running task's own work wrote.
        var written: [String: [String]] = [:]
        /// The person's and the debugger's actions at the current instant, by kind, not yet used up by an expiry.
        var actionsNow: [String] = []
        var actionsAt: VirtualInstant?

        init(profile: PlatformProfile) {
            self.profile = profile
        }

        mutating func read(_ event: TraceEvent) {
            let t = event.time
            if t != actionsAt {
                actionsAt = t
                actionsNow = []
            }
            checkNoOverdueStall(at: t)
            let identifier = event["identifier"]?.string ?? ""
            switch event.kind {
            case .person(.action):
                actionsNow.append(event["action"]?.string ?? "")
                if event["action"] == "answerPrompt" { actionsNow.append("answer:" + (event["answer"]?.string ?? "")) }
            case .task(.submit):
                guard event["type"] == "continuedProcessing" else { return }
                if (event["replaced"] == .bool(true)) != pending.contains(identifier) {
                    violations.append("replaced flag wrong for \(identifier) at \(t)")
                }
                pending.insert(identifier)
            case .task(.launchRequest):
                guard pending.remove(identifier) != nil else { return violations.append("\(identifier) launched without being pending at \(t)") }
            case .task(.dropped):
                guard pending.remove(identifier) != nil else { return violations.append("\(identifier) dropped without being pending at \(t)") }
            case .task(.start):
                guard event["type"] == "continuedProcessing" else { return }
                if running[identifier] != nil { violations.append("\(identifier) started twice at \(t)") }
                running[identifier] = (t, false)
                mostRunning = max(mostRunning, running.count)
                if running.count > profile.continuedProcessingConcurrency {
                    violations.append("\(running.count) continued tasks ran at once at \(t), over the limit \(profile.continuedProcessingConcurrency)")
                }
            case .liveActivity(.update):
                if event["advanced"] == .bool(true) { running[identifier]?.lastAdvance = t }
            case .liveActivity(.prompt):
                guard let task = running[identifier] else { return violations.append("a prompt for \(identifier), which is not running, at \(t)") }
                if event["phase"] == "shown" && t - task.lastAdvance < profile.continuedStallPromptDelay {
                    violations.append("\(identifier) asked after only \((t - task.lastAdvance).nanoseconds) ns without progress")
                }
                if event["phase"] == "answered" && event["answer"] == "continue" { running[identifier]?.lastAdvance = t }
            case .task(.expire):
                guard let task = running[identifier] else { return }
                running[identifier]?.expired = true
                let reason = event["reason"]?.string ?? ""
                let stalledFor = t - task.lastAdvance
                switch reason {
                case "progress stalled":
                    if stalledFor < profile.continuedProgressStallLimit
                        || stalledFor >= profile.continuedProgressStallLimit + profile.continuedProgressSampleInterval {
                        violations.append("\(identifier) expired as stalled after \(stalledFor.nanoseconds) ns without progress")
                    }
                case "the person cancelled it in the Live Activity": use("cancelLiveActivity", for: identifier, at: t)
                case "the person chose to stop it": use("answer:stop", for: identifier, at: t)
                case "resource pressure": use("resourcePressure", for: identifier, at: t)
                case "simulateExpiration": use("simulateExpiration", for: identifier, at: t)
                default: violations.append("\(identifier) expired for no reason the rules give: \(reason)")
                }
            case .app(.output):
                let name = event["output"]?.string ?? ""
                outputs[name] = event["state"]?.string
                if event["change"] == "write", running[identifier] != nil, !(written[identifier] ?? []).contains(name) {
                    written[identifier, default: []].append(name)
                }
            case .task(.end):
                guard running.removeValue(forKey: identifier) != nil else { return }
                let said = event["output"]?.string ?? "?"
                // What the task's own work left: partial if any of its files is, complete if all are, else nothing.
                let files = (written.removeValue(forKey: identifier) ?? []).map { outputs[$0] ?? "none" }
                let actual = files.contains("partial") ? "partial"
                    : !files.isEmpty && files.allSatisfy { $0 == "complete" } ? "complete" : "none"
                if said != actual { violations.append("\(identifier) ended at \(t.nanoseconds) saying output \(said), but its files are \(files)") }
                // A success is only reported after all the work was written: never a partial output called complete.
                if event["success"] == .bool(true) && said != "complete" {
                    violations.append("\(identifier) reported success at \(t.nanoseconds) with output \(said)")
                }
            default:
                break
            }
        }

        /// An expiry that an action caused uses that action up: one action, one expiry.
        private mutating func use(_ action: String, for identifier: String, at t: VirtualInstant) {
            guard let index = actionsNow.firstIndex(of: action) else {
                return violations.append("\(identifier) expired at \(t.nanoseconds) as if by \(action), which did not happen then")
            }
            actionsNow.remove(at: index)
        }

        /// The stall rule applied: no running task goes past the limit (and the sample that finds it) without expiring.
        mutating func checkNoOverdueStall(at t: VirtualInstant) {
            for (identifier, task) in running.sorted(by: { $0.key < $1.key }) where !task.expired {
                if t - task.lastAdvance > profile.continuedProgressStallLimit + profile.continuedProgressSampleInterval {
                    violations.append("\(identifier) went \((t - task.lastAdvance).nanoseconds) ns without progress and was not expired")
                    running[identifier]?.expired = true
                }
            }
        }
    }

    static func replay(_ world: World) -> (result: SimulationResult, replay: Replay) {
        let scenario = world.scenario()
        let result = Simulation(scenario: scenario).run()
        var replay = Replay(profile: scenario.profile)
        for event in result.events { replay.read(event) }
        return (result, replay)
    }

    @Test func aTaskExpiresIfAndOnlyIfTheStallRuleOrAnActionSaysSo() {
        checkProperty("expiry only by the stall rule or the person's action, and always when the stall rule says so", iterations: 150, Self.worlds) { world in
            let (_, replay) = Self.replay(world)
            return replay.violations.filter { $0.contains("expired") || $0.contains("without progress") || $0.contains("asked") }.isEmpty
        }
    }

    @Test func runningContinuedTasksNeverExceedTheLimit() {
        checkProperty("at most continuedProcessingConcurrency continued tasks run at once", iterations: 150, Self.worlds) { world in
            let (_, replay) = Self.replay(world)
            return replay.mostRunning <= world.limit && !replay.violations.contains { $0.contains("over the limit") }
        }
    }

    @Test func everySubmittedTaskEndsExactlyOnceWithItsOutputReported() {
        checkProperty("each accepted submission is launched or dropped once, each start ends once, output complete or reported partial", iterations: 150, Self.worlds) { world in
            let (result, replay) = Self.replay(world)
            // Whatever is still queued or running when the run stops belongs to a process that is still alive.
            let leftOver = !replay.pending.isEmpty || !replay.running.isEmpty
            return replay.violations.isEmpty && (!leftOver || result.finalState.isRunning)
        }
    }

    @Test func theSameWorldGivesTheSameTrace() {
        checkProperty("a continued world is deterministic", iterations: 30, Self.worlds) { world in
            Simulation(scenario: world.scenario()).run().fingerprint == Simulation(scenario: world.scenario()).run().fingerprint
        }
    }

    @Test func theWorldsReachEveryEnd() {
        // A property is only as good as the worlds it sees: over the cases, every way of ending happens.
        var random = SeededGenerator(seed: PropertyCheck.defaultSeed)
        var seen: Set<String> = []
        for _ in 0..<150 {
            let world = Self.worlds.generate(using: &random)
            let (result, replay) = Self.replay(world)
            for event in result.events {
                switch event.kind {
                case .task(.expire): seen.insert("expire: " + (event["reason"]?.string ?? ""))
                case .task(.end) where event["output"] != nil: seen.insert("end: \(event["how"]?.string ?? "") output \(event["output"]?.string ?? "")")
                case .task(.dropped): seen.insert("dropped")
                case .task(.submitFailed): seen.insert("refused: " + (event["error"]?.string ?? ""))
                case .liveActivity(.prompt): seen.insert("prompt: " + (event["phase"]?.string ?? ""))
                default: break
                }
            }
            if replay.mostRunning == world.limit && world.limit > 1 { seen.insert("limit reached") }
        }
        // No "expire: simulateExpiration": it expires only a task simulateLaunch started (iOS 26.1's BackgroundTasks),
        // which these worlds never do, so the debugger action is ignored in them.
        let expected: Set<String> = [
            "expire: progress stalled", "expire: the person cancelled it in the Live Activity", "expire: the person chose to stop it",
            "expire: resource pressure",
            "end: completed output complete", "end: expired output none", "end: expired output partial",
            "end: processEnded output partial", "end: processEnded output none", "dropped", "refused: immediateRunIneligible",
            "prompt: shown", "prompt: answered", "prompt: withdrawn", "limit reached",
        ]
        #expect(expected.subtracting(seen).isEmpty, "never reached: \(expected.subtracting(seen).sorted())")
    }

    @Test func theReplayCatchesABrokenModel() {
        // The replay must be able to fail: a trace where a task expires with no cause, and one past the limit.
        var profile = PlatformProfile(.iOS26)
        profile.continuedProcessingConcurrency = 1
        var replay = Replay(profile: profile)
        let id = Self.prefix + "a"
        let events: [TraceEvent] = [
            TraceEvent(time: .zero, sequence: 0, record: .task(.submit(TaskRecord.Submit(
                process: 1, request: TaskRequest(identifier: id, kind: .continuedProcessing), personAction: "tap", replaced: false,
                queued: false)))),
            TraceEvent(time: .zero, sequence: 1, record: .task(.launchRequest(TaskRecord.LaunchRequest(
                identifier: id, type: .continuedProcessing, cause: .policy)))),
            TraceEvent(time: .zero, sequence: 2, record: .task(.start(TaskRecord.Start(
                process: 1, identifier: id, type: .continuedProcessing, deadline: nil, queue: .background)))),
            TraceEvent(time: .zero + Self.second, sequence: 3, record: .task(.expire(TaskRecord.Expire(
                process: 1, identifier: id, reason: "resource pressure")))),
            TraceEvent(time: .zero + 2 * Self.second, sequence: 4, record: .task(.start(TaskRecord.Start(
                process: 1, identifier: "other", type: .continuedProcessing, deadline: nil, queue: .background)))),
        ]
        for event in events { replay.read(event) }
        #expect(replay.violations.count == 2)
    }
}
