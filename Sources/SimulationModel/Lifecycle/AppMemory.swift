import SimulationKernel

/// What one process holds in memory and on disk: work done since the last save, the file and database locks
/// it holds, and the output files its work writes.
///
/// Memory goes with the process: its unsaved work is reported lost and its
/// locks are gone. Saves and output files are the device's (``SavedState``)
/// and survive it.
final class AppMemory {
    /// Work done since the last save: lost if the process ends before the next.
    private(set) var unsavedWork: VirtualDuration = .zero
    /// The locks held, in the order taken.
    private(set) var heldLocks: [String] = []
    /// When the work unsaved now started to be done (the first work since the last save); nil when all is saved.
    private(set) var unsavedSince: VirtualInstant?
    /// When the app last saved in this process, if it did.
    private(set) var lastSaveAt: VirtualInstant?
    /// How many saves the app made in this process.
    private(set) var saveCount = 0
    /// What protected the unsaved work, as a termination judges it (``LostWork``).
    var cover = WorkCover()

    // MARK: Work and saves

    /// Counts `duration` of work that the next save keeps; a negative duration is no work, as for CPU time.
    func recordWork(_ duration: VirtualDuration, at now: VirtualInstant) {
        guard duration > .zero else { return }
        if unsavedWork == .zero { unsavedSince = now }
        unsavedWork = unsavedWork + duration
    }

    /// The app saves: its work so far survives the process.
    func save(checkpoint: String, in process: AppProcess) {
        let saved = unsavedWork
        unsavedWork = .zero
        unsavedSince = nil
        lastSaveAt = process.kernel.now
        saveCount += 1
        process.simulation.storage.save(checkpoint: checkpoint, at: process.kernel.now, process: process.number)
        process.trace(.app(.save(AppRecord.Save(process: process.number, checkpoint: checkpoint, work: saved))))
    }

    func holdLock(_ name: String, in process: AppProcess) {
        heldLocks.append(name)
        process.trace(.app(.lock(AppRecord.Lock(process: process.number, lock: name, held: true))))
    }

    func releaseLock(_ name: String, in process: AppProcess) {
        if let index = heldLocks.firstIndex(of: name) { heldLocks.remove(at: index) }
        process.trace(.app(.lock(AppRecord.Lock(process: process.number, lock: name, held: false))))
    }

    /// The process is terminated: its memory is gone. Returns the work lost (since the last save), for the
    /// process to say whose doing the loss was (``LostWork``).
    func lose() -> VirtualDuration {
        let lost = unsavedWork
        unsavedWork = .zero
        unsavedSince = nil
        heldLocks.removeAll()
        return lost
    }

    // MARK: Output files

    /// Writes unit `unit` of `total` to the output file `name` (a continued task's work, when `task` is given).
    func writeOutputUnit(_ unit: Int, of total: Int, to name: String, for task: RunningTask?, in process: AppProcess) {
        let file = process.simulation.storage.writeUnit(unit, of: total, to: name, process: process.number)
        if let state = task?.continued, !state.outputs.contains(name) { state.outputs.append(name) }
        traceOutput(name, file, change: .write, task: task, in: process)
    }

    /// Removes the output file `name` if it is partial: the app cleans up after a failure (in `task`'s handler, if given).
    func removePartialOutput(_ name: String, for task: RunningTask?, in process: AppProcess) {
        traceOutput(name, process.simulation.storage.removePartial(name, process: process.number), change: .remove, task: task, in: process)
    }

    private func traceOutput(
        _ name: String, _ file: SavedState.Output?, change: AppRecord.OutputChange, task: RunningTask?, in process: AppProcess
    ) {
        // Which task's work it was (`identifier`): a task's end reports the files its own work wrote.
        process.trace(.app(.output(AppRecord.Output(
            process: process.number, output: name, change: change, units: file?.units ?? 0, total: file?.total ?? 0,
            state: file?.state, identifier: task?.identifier))))
    }

    /// `complete`, `partial` or `none` (nothing written, or the partial output removed): what a continued task leaves.
    func outputState(of task: RunningTask, in process: AppProcess) -> TaskRecord.OutputLeft {
        let files = (task.continued?.outputs ?? []).compactMap { process.simulation.storage.output(named: $0) }
        if files.contains(where: { $0.state == .partial }) { return .partial }
        if !files.isEmpty && files.allSatisfy({ $0.state == .complete }) { return .complete }
        return .none
    }

    /// The names of a continued task's partial output files.
    func partialOutputs(of task: RunningTask, in process: AppProcess) -> [String] {
        (task.continued?.outputs ?? []).filter { process.simulation.storage.output(named: $0)?.state == .partial }
    }

    // MARK: Invariants

    /// Stops the run if the memory's bookkeeping is inconsistent, or a terminated process still holds memory: a bug
    /// in the model.
    func checkInvariants(state: AppState) {
        modelInvariant(unsavedWork >= .zero, "the unsaved work is \(unsavedWork.nanoseconds) ns")
        modelInvariant((unsavedSince != nil) == (unsavedWork > .zero), "unsaved work of \(unsavedWork) since \(unsavedSince.map { "\($0)" } ?? "nil")")
        guard state.isTerminated else { return }
        modelInvariant(unsavedWork == .zero, "a terminated process still counts \(unsavedWork) of unsaved work")
        modelInvariant(heldLocks.isEmpty, "a terminated process still holds \(heldLocks.joined(separator: ", "))")
    }

    #if DEBUG
    /// Test-only: makes the unsaved work negative, so a test sees the check stop the run.
    func breakInvariantForTesting() {
        unsavedWork = .nanoseconds(-1)
    }
    #endif
}
