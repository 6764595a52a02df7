import SimulationKernel
import SimulationModel

/// Watches one run's trace records as they are written, so that properties and coverage need no kept trace.
///
/// Called on the simulation's thread only, in record order; read once the run has returned.
final class RunObserver: @unchecked Sendable {
    /// The `BGTask`s started and not yet ended, as (process, identifier).
    private var running: [(process: Int, identifier: String)] = []
    /// A task ended that was not running (ended twice, or never started).
    private(set) var endWithoutStart = false
    /// A task that expired ended reporting success.
    private(set) var successAfterExpiry = false
    /// The watchdog killed the app.
    private(set) var watchdogKill = false
    /// The milestones reached, as bits.
    private(set) var milestones: UInt64 = 0
    /// The fault kinds whose injected timeline entries took effect (were not ignored), as bits.
    private(set) var effectiveFaults: UInt32 = 0
    /// The kind of the injected entry just traced, until the next record says whether it applied.
    private var pendingFault: FaultKind?
    /// The kinds of the plan's timeline faults, in the order their entries run.
    private let faultKinds: [FaultKind]
    private var nextFault = 0

    /// An observer of a run whose injected timeline entries are of `faultKinds`, in the order they run.
    init(faultKinds: [FaultKind] = []) {
        self.faultKinds = faultKinds
    }

    /// The prefix of an injected entry's note; the kind's name follows it.
    static let faultNotePrefix = "fault: "

    func observe(_ record: TraceRecord, at time: VirtualInstant) {
        let kind = record.kind
        if let fault = pendingFault {
            pendingFault = nil
            if kind != .person(.actionIgnored) { effectiveFaults |= fault.bit }
        }
        // Most records matter to no property or milestone: tell them by kind before looking inside.
        switch kind {
        case .person(.action):
            // The injected entries run in the plan's order, so the k-th one traced is the plan's k-th: no note to parse.
            guard nextFault < faultKinds.count, case .person(.action(let action)) = record, let note = action.note,
                  note.utf8.starts(with: Self.faultNotePrefix.utf8)
            else { return }
            pendingFault = faultKinds[nextFault]
            nextFault += 1
        case .app(.state):
            guard case .app(.state(let change)) = record else { return }
            appState(change)
        case .backgroundTime(.taskBegin):
            milestones |= Milestone.backgroundTaskBegun.bit
        case .backgroundTime(.expiring):
            milestones |= Milestone.backgroundTimeExpiring.bit
            effectiveFaults |= FaultKind.expireBackgroundTime.bit
        case .backgroundTime(.taskExpirationHandler):
            guard case .backgroundTime(.taskExpirationHandler(let handler)) = record, handler.phase == .started else { return }
            milestones |= Milestone.backgroundExpirationHandler.bit
        case .task(.start):
            guard case .task(.start(let start)) = record else { return }
            milestones |= Milestone.taskStarted.bit
            running.append((start.process, start.identifier))
        case .task(.expire):
            milestones |= Milestone.taskExpired.bit
        case .task(.end):
            guard case .task(.end(let end)) = record else { return }
            taskEnded(end)
        case .liveActivity(.update):
            guard case .liveActivity(.update(let update)) = record, update.cause == .start else { return }
            milestones |= Milestone.liveActivity.bit
        case .liveActivity(.prompt):
            guard case .liveActivity(.prompt(let prompt)) = record, case .shown = prompt.phase else { return }
            milestones |= Milestone.liveActivityPrompt.bit
        case .task(.dropped):
            milestones |= Milestone.requestDropped.bit
        default:
            break
        }
    }

    private func appState(_ change: AppRecord.StateChange) {
        if change.process > 1 { milestones |= Milestone.relaunched.bit }
        if let termination = change.termination {
            switch termination.reason {
            case .userSwipedAway: milestones |= Milestone.terminatedBySwipe.bit
            case .memoryPressure: milestones |= Milestone.terminatedByMemoryPressure.bit
            case .watchdog:
                milestones |= Milestone.terminatedByWatchdog.bit
                watchdogKill = true
            case .lockHeldAtSuspension: milestones |= Milestone.terminatedForLock.bit
            case .crash: milestones |= Milestone.crashed.bit
            case .exit: milestones |= Milestone.exited.bit
            case .appUpdated: milestones |= Milestone.updated.bit
            }
        } else {
            if change.to == .background { milestones |= Milestone.background.bit }
            if change.to == .suspended { milestones |= Milestone.suspended.bit }
            if change.from == .suspended { milestones |= Milestone.resumed.bit }
        }
    }

    private func taskEnded(_ end: TaskRecord.End) {
        switch end.how {
        case .completed: milestones |= Milestone.taskCompleted.bit
        case .expired:
            milestones |= Milestone.taskCompletedAfterExpiry.bit
            if end.success { successAfterExpiry = true }
        case .processEnded: milestones |= Milestone.taskEndedWithProcess.bit
        }
        if let index = running.lastIndex(where: { $0.process == end.process && $0.identifier == end.identifier }) {
            running.remove(at: index)
        } else {
            endWithoutStart = true
        }
    }
}
