import SimulationKernel
import SimulationModel

/// Where faults matter in a run: the tasks that ran and the instants their code resumed, found by watching labelled events.
///
/// A step of app code ends when an event resumes it (CPU work done, a sleep
/// over, a dispatched block due); those instants are the step boundaries. A
/// fault injected at a boundary lands just before the step's code resumes,
/// and one a nanosecond later lands just after, while the next step runs;
/// a fault at the instant a task ends lands just before it completes.
struct Landmarks: Sendable, Hashable {
    /// One run of a `BGTask`: when it started and ended, and its step boundaries.
    struct TaskRun: Sendable, Hashable {
        /// The task's identifier.
        var identifier: String
        /// Its kind.
        var kind: TaskKind
        /// When it started.
        var start: VirtualInstant
        /// When it ended, if it did before the run stopped.
        var end: VirtualInstant?
        /// The instants events ran while it was running (its code, and the system's timers for it), in order, each once.
        var boundaries: [VirtualInstant]
    }

    /// One stay in the background with `beginBackgroundTask` time running.
    struct BackgroundPeriod: Sendable, Hashable {
        /// When the background time started.
        var start: VirtualInstant
        /// When it ended (foreground, suspension, termination), if it did.
        var end: VirtualInstant?
        /// The instants events ran while a background task was open in it, in order, each once.
        var boundaries: [VirtualInstant]
    }

    /// When the run stops.
    var stopAt: VirtualInstant
    /// Every `BGTask` run, in start order.
    var taskRuns: [TaskRun]
    /// Every background period in which a background task was open, in order.
    var backgroundPeriods: [BackgroundPeriod]
    /// Instants events ran at while the app's code was busy, in order, each once (at most ``maximumInstants``).
    var busyInstants: [VirtualInstant]
    /// The choice points' labels, in the order first decided.
    var choiceLabels: [ChoiceLabel]
    /// How many app processes ran.
    var processCount: Int

    /// The most instants kept in ``busyInstants``.
    static let maximumInstants = 512

    /// Runs `plan` on `target` once, watching it.
    static func probe(_ target: ExplorationTarget, plan: FaultPlan = FaultPlan()) throws(FaultPlanError) -> Landmarks {
        let watcher = LandmarkWatcher()
        var options = Simulation.Options(retention: .discard)
        options.recordsDecisions = true
        options.eventObserver = { event in watcher.event(event) }
        options.recordObserver = { record, time in watcher.record(record, at: time) }
        let simulation = try plan.simulation(of: target.scenario, options: options, app: target.app)
        let result = simulation.run()
        var labels: [ChoiceLabel] = []
        for choice in result.choices where !labels.contains(choice.label) { labels.append(choice.label) }
        return Landmarks(
            stopAt: .zero + VirtualDuration(simulation.stopAt), taskRuns: watcher.taskRuns,
            backgroundPeriods: watcher.periods.filter { !$0.boundaries.isEmpty }, busyInstants: watcher.busy,
            choiceLabels: labels, processCount: watcher.processCount)
    }
}

/// Collects landmarks from the event and record observers of one run, on its thread.
private final class LandmarkWatcher: @unchecked Sendable {
    var taskRuns: [Landmarks.TaskRun] = []
    var periods: [Landmarks.BackgroundPeriod] = []
    var busy: [VirtualInstant] = []
    var processCount = 0
    private var runningTasks: [(index: Int, process: Int)] = []
    private var openBackgroundTasks = 0
    private var inPeriod = false

    func event(_ event: ScheduledEvent) {
        // Timeline entries are where faults go, not boundaries; progress samples tick every second and resume no app code.
        if event.label.hasName("timeline.action") || event.label.hasName("liveActivity.sample") { return }
        let instant = event.instant
        for task in runningTasks { Self.append(instant, to: &taskRuns[task.index].boundaries) }
        if inPeriod, openBackgroundTasks > 0 { Self.append(instant, to: &periods[periods.count - 1].boundaries) }
        if !runningTasks.isEmpty || openBackgroundTasks > 0, busy.count < Landmarks.maximumInstants {
            Self.append(instant, to: &busy)
        }
    }

    private static func append(_ instant: VirtualInstant, to list: inout [VirtualInstant]) {
        if list.last != instant { list.append(instant) }
    }

    func record(_ record: TraceRecord, at time: VirtualInstant) {
        switch record {
        case .task(.start(let start)):
            runningTasks.append((taskRuns.count, start.process))
            taskRuns.append(Landmarks.TaskRun(identifier: start.identifier, kind: start.type, start: time, end: nil, boundaries: []))
        case .task(.end(let end)):
            if let position = runningTasks.lastIndex(where: { $0.process == end.process && taskRuns[$0.index].identifier == end.identifier }) {
                taskRuns[runningTasks[position].index].end = time
                runningTasks.remove(at: position)
            }
        case .backgroundTime(.start):
            inPeriod = true
            periods.append(Landmarks.BackgroundPeriod(start: time, end: nil, boundaries: []))
        case .backgroundTime(.end):
            endPeriod(at: time)
        case .backgroundTime(.taskBegin):
            openBackgroundTasks += 1
        case .backgroundTime(.taskEnd):
            openBackgroundTasks = max(0, openBackgroundTasks - 1)
        case .app(.state(let change)):
            processCount = max(processCount, change.process)
            if change.termination != nil {
                endPeriod(at: time)
                openBackgroundTasks = 0
                runningTasks.removeAll { $0.process == change.process }
            }
        default:
            break
        }
    }

    private func endPeriod(at time: VirtualInstant) {
        if inPeriod, !periods.isEmpty { periods[periods.count - 1].end = time }
        inPeriod = false
    }
}
