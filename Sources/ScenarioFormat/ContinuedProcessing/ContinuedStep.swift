/// A step of continued processing: work in units with progress, the Live Activity's text, and output files.
public enum ContinuedStep: Sendable, Hashable {
    /// Work in units, each written to an output file, with progress reported as it goes (a continued task's job).
    case processUnits(UnitWork)
    /// In a continued task's launch handler: `task.updateTitle(_:subtitle:)`.
    case updateTitle(title: String, subtitle: String)
    /// In a continued task's launch handler: `task.progress.totalUnitCount = units`, the whole job declared up front.
    case setProgressTotal(units: Int)
    /// Removes an output file if it is partial: the clean-up after a failure or a cancellation.
    case removePartialOutput(output: String)
}

extension StepFormat {
    /// `processUnits`, `updateTitle`, `setProgressTotal` and `removePartialOutput`.
    static let continuedSteps: [StepFormat] = [
        StepFormat("processUnits", read: processUnits),
        StepFormat("updateTitle") { object in
            let c = try object.keys("title", "subtitle")
            return .continued(.updateTitle(title: try c.required(String.self, "title"), subtitle: try c.required(String.self, "subtitle")))
        },
        StepFormat("setProgressTotal") { object in
            let c = try object.keys("units")
            let units = try c.required(Int.self, "units")
            guard (0...1_000_000_000).contains(units) else {
                throw invalid(c.path("units"), "units must be between 0 and 1000000000, got \(units)")
            }
            return .continued(.setProgressTotal(units: units))
        },
        StepFormat("removePartialOutput") { object in
            .continued(.removePartialOutput(output: try object.keys("output").required(String.self, "output")))
        },
    ]

    private static func processUnits(_ object: StepObject) throws -> Step {
        let c = try object.keys("count", "duration", "jitter", "progressEvery", "output", "checksCancellation")
        let count = try c.required(Int.self, "count")
        guard (1...1_000_000).contains(count) else {
            throw invalid(c.path("count"), "count must be between 1 and 1000000, got \(count)")
        }
        var progress = UnitWork.Reporting.every(1)
        if c.contains(AnyKey("progressEvery")) {
            if let every = try? c.required(Int.self, "progressEvery") {
                guard every >= 1 else {
                    throw invalid(c.path("progressEvery"), "progressEvery must be 1 or more units, or \"never\"; got \(every)")
                }
                progress = .every(every)
            } else if (try? c.required(String.self, "progressEvery")) == "never" {
                progress = .never
            } else {
                throw invalid(c.path("progressEvery"), "progressEvery is a number of units (1 or more) or \"never\"")
            }
        }
        return .continued(.processUnits(UnitWork(
            count: count, duration: try c.duration("duration"), jitter: try c.optionalDuration("jitter") ?? .zero,
            progress: progress, output: try c.optional(String.self, "output"),
            checksCancellation: try c.optional(Bool.self, "checksCancellation") ?? true)))
    }
}

extension Step {
    /// Work in units with progress (see ``ContinuedStep/processUnits(_:)``).
    public static func processUnits(_ work: UnitWork) -> Step { .continued(.processUnits(work)) }

    /// `task.updateTitle(_:subtitle:)` (see ``ContinuedStep/updateTitle(title:subtitle:)``).
    public static func updateTitle(title: String, subtitle: String) -> Step { .continued(.updateTitle(title: title, subtitle: subtitle)) }

    /// `task.progress.totalUnitCount = units` (see ``ContinuedStep/setProgressTotal(units:)``).
    public static func setProgressTotal(units: Int) -> Step { .continued(.setProgressTotal(units: units)) }

    /// Removes a partial output file (see ``ContinuedStep/removePartialOutput(output:)``).
    public static func removePartialOutput(output: String) -> Step { .continued(.removePartialOutput(output: output)) }
}
