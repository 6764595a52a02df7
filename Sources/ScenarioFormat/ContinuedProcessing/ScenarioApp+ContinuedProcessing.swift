import PlatformLookalikes
import SimulationKernel
import SimulationModel

/// Continued processing: unit work with progress, the Live Activity's text, partial output.
extension ScenarioApp {
    func perform(_ step: ContinuedStep, in application: UIApplication, context: Context) async throws {
        let process = application.process
        switch step {
        case .processUnits(let work):
            try await processUnits(work, in: process, context: context)
        case .updateTitle(let title, let subtitle):
            guard let continued = continuedTask(context, step: "updateTitle", in: process) else { return }
            continued.updateTitle(title, subtitle: subtitle)
        case .setProgressTotal(let units):
            guard let continued = continuedTask(context, step: "setProgressTotal", in: process) else { return }
            continued.progress.totalUnitCount = Int64(units)
        case .removePartialOutput(let output):
            process.removePartialOutput(output, for: context.bgTask?.task)
        }
    }

    /// The continued task a step works on; outside a launch handler, or in another kind's, the step is traced as ignored.
    private func continuedTask(_ context: Context, step: String, in process: AppProcess) -> BGContinuedProcessingTask? {
        guard let task = launchedTask(context, step: step, in: process) else { return nil }
        guard let continued = task as? BGContinuedProcessingTask else {
            ignored(step, because: "not a continued processing task", in: process)
            return nil
        }
        return continued
    }

    /// Unit work: each unit is CPU work, then written to the output, with progress every so many units.
    private func processUnits(_ work: UnitWork, in process: AppProcess, context: Context) async throws {
        let task = context.bgTask
        // Only a continued task has a progress for the system to read; elsewhere the units just run.
        let progress = (task as? BGContinuedProcessingTask)?.progress
        // Counting goes on from where the task's progress is; the total grows only if these units do not fit.
        var done: Int64 = 0
        if let progress, case .every = work.progress {
            done = progress.completedUnitCount
            progress.totalUnitCount = max(progress.totalUnitCount, done + Int64(work.count))
        }
        let kernel = process.kernel
        for unit in 1...work.count {
            if work.checksCancellation, task?.isWorkCancelled == true { throw CancellationError() }
            let duration = work.jitter > .zero
                ? max(.zero, work.duration + kernel.draw(ModelChoice.unitJitter.label(subject: process.number), in: -work.jitter...work.jitter))
                : work.duration
            try await process.compute(duration, label: "unit \(unit) of \(work.count) on \(context.lane)")
            // Cancelled half-way: the unit is dropped rather than written after the clean-up removed the file.
            if work.checksCancellation, task?.isWorkCancelled == true { throw CancellationError() }
            if let output = work.output { process.writeOutputUnit(unit, of: work.count, to: output, for: task?.task) }
            if let progress, case .every(let every) = work.progress, unit % every == 0 || unit == work.count {
                progress.completedUnitCount = done + Int64(unit)
            }
        }
    }
}
