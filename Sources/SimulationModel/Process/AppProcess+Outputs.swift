import SimulationKernel

/// Output files the app's work writes unit by unit: they survive termination, partial or complete.
extension AppProcess {
    /// Writes unit `unit` of `total` to the output file `name` (a continued task's work, when `task` is given).
    package func writeOutputUnit(_ unit: Int, of total: Int, to name: String, for task: RunningTask?) {
        guard isAlive else { return }
        let file = simulation.storage.writeUnit(unit, of: total, to: name, process: number)
        if let state = task?.continued, !state.outputs.contains(name) { state.outputs.append(name) }
        traceOutput(name, file, change: .write, task: task)
    }

    /// Removes the output file `name` if it is partial: the app cleans up after a failure (in `task`'s handler, if given).
    package func removePartialOutput(_ name: String, for task: RunningTask?) {
        guard isAlive else { return }
        traceOutput(name, simulation.storage.removePartial(name, process: number), change: .remove, task: task)
    }

    private func traceOutput(_ name: String, _ file: SavedState.Output?, change: AppRecord.OutputChange, task: RunningTask?) {
        // Which task's work it was (`identifier`): a task's end reports the files its own work wrote.
        trace(.app(.output(AppRecord.Output(
            process: number, output: name, change: change, units: file?.units ?? 0, total: file?.total ?? 0, state: file?.state,
            identifier: task?.identifier))))
    }

    /// `complete`, `partial` or `none` (nothing written, or the partial output removed): what a continued task leaves.
    package func outputState(of task: RunningTask) -> TaskRecord.OutputLeft {
        let files = (task.continued?.outputs ?? []).compactMap { simulation.storage.output(named: $0) }
        if files.contains(where: { $0.state == .partial }) { return .partial }
        if !files.isEmpty && files.allSatisfy({ $0.state == .complete }) { return .complete }
        return .none
    }

    /// The names of a continued task's partial output files.
    package func partialOutputs(of task: RunningTask) -> [String] {
        (task.continued?.outputs ?? []).filter { simulation.storage.output(named: $0)?.state == .partial }
    }
}
