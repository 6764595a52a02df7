import SimulationKernel

extension Simulation {
    /// How a run is carried out, beyond what the scenario says.
    public struct Options: Sendable {
        /// Whether to keep the trace in the result.
        public var retention: TraceRecorder.Retention
        /// Receives each trace line (JSON, no newline) as it is written, for streaming to a file.
        public var traceSink: (@Sendable (String) -> Void)?
        /// Bounds that stop a runaway run.
        public var limits: RunLimits

        // The explorer's hooks: set as properties by the tools of the package (fault injection, replay,
        // exploration), not by users, who reach them through SimulationExplorer's fault plans.

        /// Makes the strategy that overrides the run's random decisions by label (fault injection, replay);
        /// nil leaves every decision to the seed. See `ChoiceStrategy`.
        package var choices: (@Sendable () -> any ChoiceStrategy)?
        /// Makes the policy that orders events due at one instant; nil runs them first-in first-out.
        package var ordering: (@Sendable () -> any SameInstantOrdering)?
        /// Whether the result keeps every decision made at a choice point and by the ordering policy, to replay the run.
        package var recordsDecisions = false
        /// Sees every event just before it runs (the kernel's labels): for tools that count what a run reached.
        package var eventObserver: (@Sendable (ScheduledEvent) -> Void)?
        /// Sees every trace record with its instant as it is written, whether the trace is kept or not:
        /// for the explorer, which checks properties of runs whose trace it discards.
        package var recordObserver: (@Sendable (TraceRecord, VirtualInstant) -> Void)?

        /// Creates options; by default the trace is kept, the limits are generous and the seed decides everything.
        public init(
            retention: TraceRecorder.Retention = .keep, traceSink: (@Sendable (String) -> Void)? = nil,
            limits: RunLimits = RunLimits()
        ) {
            self.retention = retention
            self.traceSink = traceSink
            self.limits = limits
        }
    }
}
