import SimulationKernel

/// Output files the app's work writes unit by unit: they survive termination, partial or complete (kept by
/// ``AppMemory``).
extension AppProcess {
    /// Writes unit `unit` of `total` to the output file `name` (a continued task's work, when `task` is given).
    package func writeOutputUnit(_ unit: Int, of total: Int, to name: String, for task: RunningTask?) {
        guard isAlive else { return }
        memory.writeOutputUnit(unit, of: total, to: name, for: task, in: self)
    }

    /// Removes the output file `name` if it is partial: the app cleans up after a failure (in `task`'s handler, if given).
    package func removePartialOutput(_ name: String, for task: RunningTask?) {
        guard isAlive else { return }
        memory.removePartialOutput(name, for: task, in: self)
    }

    /// `complete`, `partial` or `none` (nothing written, or the partial output removed): what a continued task leaves.
    func outputState(of task: RunningTask) -> TaskRecord.OutputLeft {
        memory.outputState(of: task, in: self)
    }

    /// The names of a continued task's partial output files.
    func partialOutputs(of task: RunningTask) -> [String] {
        memory.partialOutputs(of: task, in: self)
    }
}
