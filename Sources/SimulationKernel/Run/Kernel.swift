/// The discrete-event engine: a virtual clock, an event queue and a deterministic executor.
///
/// Events run in (time, sequence) order. Between events the kernel drains
/// the executor, so async code resumed by an event runs to its next wait
/// before time moves on. When nothing is ready, the clock jumps to the next
/// event. The kernel knows nothing of iOS.
///
/// A kernel is confined to the thread that calls ``run(until:)``; model code
/// runs inside events and simulated tasks, on that same thread.
///
/// ```swift
/// let kernel = Kernel(seed: 42)
/// kernel.spawn("download") {
///     try? await kernel.clock.sleep(for: .seconds(5))
///     print(kernel.now)  // 5.000s
/// }
/// _ = kernel.run()
/// ```
public final class Kernel: @unchecked Sendable {
    struct Event {
        enum Work {
            case call(() -> Void)
            case wake(Waiter)
        }

        var work: Work
        /// Where `labels` keeps the label of a call; ``EventLabelTable/none`` for an unlabelled call and for a wake,
        /// whose label is made from its waiter.
        var labelSlot: UInt32
    }

    /// The current virtual instant.
    @exclusivity(unchecked) public private(set) var now: VirtualInstant = .zero
    /// The run's seeded random numbers; the only randomness the model may use.
    package var random: SeededGenerator
    /// Bounds that stop a runaway run.
    public var limits: RunLimits
    /// The executor every simulated task prefers.
    package let executor = SimulationExecutor()

    // The hot state is exempt from dynamic exclusivity checks, which cost more than the event loop itself:
    // nothing here is ever accessed in overlap (no callbacks run inside a mutation of it).
    @exclusivity(unchecked) private var queue = EventQueue<Event>()
    @exclusivity(unchecked) private var cancelledEvents = Set<UInt64>()
    private let labels = EventLabelTable()
    private var tasks: [UInt64: TaskContext] = [:]
    private var nextTaskIdentifier: UInt64 = 1

    /// How many events have run.
    @exclusivity(unchecked) public private(set) var eventCount = 0
    /// How many executor jobs have run.
    @exclusivity(unchecked) private(set) var jobCount = 0
    /// Whether ``shutDown()`` was called; later events never run.
    @exclusivity(unchecked) package private(set) var isShutDown = false
    /// How the run ends once ``stop(_:message:)`` was called: the run loop returns it at its next check.
    @exclusivity(unchecked) private var requestedStop: RunEnd?

    /// The label of the event running now, or of the last one to run while the executor drains the work it made ready.
    ///
    /// ``EventLabel/unlabelled`` before the first event.
    @exclusivity(unchecked) private(set) var currentEventLabel: EventLabel = .unlabelled

    /// Called with every event just before it runs, once the clock shows its instant; nil (the default) costs nothing.
    ///
    /// For tools that watch a run without changing it, such as a fuzzer
    /// counting which labels were reached. The observer must not schedule or
    /// cancel events, nor draw random numbers: that would make the observed
    /// run differ from the unobserved one.
    ///
    /// ```swift
    /// var reached: [EventLabel: Int] = [:]
    /// kernel.eventObserver = { event in reached[event.label, default: 0] += 1 }
    /// ```
    @exclusivity(unchecked) package var eventObserver: ((ScheduledEvent) -> Void)?

    /// Decides which of several events due at one instant runs next; nil (the default) runs them first-in first-out.
    ///
    /// See ``SameInstantOrdering``. With no policy the run loop does no work
    /// for ties beyond checking this property.
    @exclusivity(unchecked) package var sameInstantOrdering: (any SameInstantOrdering)?

    /// Whether the kernel keeps every answer of ``sameInstantOrdering`` in ``recordedOrderingDecisions``; off by default.
    package var recordsOrderingDecisions = false

    /// The answers of the same-instant ordering policy, in order, while ``recordsOrderingDecisions`` was on.
    package private(set) var recordedOrderingDecisions: [OrderingDecision] = []

    /// The events due at one instant while the ordering policy is asked; kept to reuse its storage.
    private var tiedEvents: [EventQueue<Event>.Entry] = []
    /// The same events as the policy sees them.
    private var tiedCandidates: [ScheduledEvent] = []

    /// Overrides random decisions made at choice points (``draw(_:in:)->Int64``, ``chance(_:partsPerMillion:)``,
    /// ``choose(_:count:)``); nil (the default) leaves them to the seed.
    ///
    /// See ``ChoiceStrategy``.
    package var choiceStrategy: (any ChoiceStrategy)?

    /// Whether the kernel keeps every decision made at a choice point in ``recordedChoices``; off by default.
    package var recordsChoices = false

    /// The decisions made at choice points, in order, while ``recordsChoices`` was on.
    package internal(set) var recordedChoices: [RecordedChoice] = []

    /// How many choice points the run has passed.
    var choiceCount = 0

    /// Creates a kernel whose randomness is fixed by `seed`.
    public init(seed: UInt64, limits: RunLimits = RunLimits()) {
        self.random = SeededGenerator(seed: seed)
        self.limits = limits
    }

    /// A `Clock` on this kernel's virtual time.
    public var clock: SimulationClock { SimulationClock(kernel: self) }

    /// The number of events waiting, including cancelled ones not yet discarded.
    var pendingEventCount: Int { queue.count }

    /// The number of labelled events queued, including cancelled ones not yet discarded; for tests of the label table.
    var labelledEventCount: Int { labels.count }

    /// The number of spawned tasks that have not returned.
    var liveTaskCount: Int { tasks.count }

    /// Whether ``stop(_:message:)`` was called: the run is ending for a limit.
    var isStopping: Bool { requestedStop != nil }

    // MARK: Events

    /// Runs `action` at `instant` (or now, if `instant` is past), labelled with what it is and whom it concerns.
    ///
    /// The label changes nothing in the run: observers, ordering policies and
    /// `currentEventLabel` see it. Events at one instant run in the order
    /// they were scheduled, unless a `sameInstantOrdering` decides otherwise.
    ///
    /// ```swift
    /// kernel.schedule(at: deadline, label: EventLabel("backgroundTime.expiring", subject: 3)) {
    ///     expire(task: 3)
    /// }
    /// ```
    ///
    /// - Complexity: O(log *n*) in the number of pending events; no allocation beyond the closure's own.
    @discardableResult
    public func schedule(at instant: VirtualInstant, label: EventLabel, _ action: @escaping () -> Void) -> EventHandle {
        if isShutDown { return EventHandle(sequence: .max) }
        return push(action, at: instant, labelSlot: labels.store(label))
    }

    /// Runs `action` after `duration` of virtual time (none if negative), labelled with what it is and whom it concerns.
    ///
    /// ```swift
    /// kernel.schedule(after: profile.suspensionDelay, label: EventLabel("app.suspend", subject: 1)) { suspend() }
    /// ```
    ///
    /// - Complexity: O(log *n*) in the number of pending events.
    @discardableResult
    public func schedule(after duration: VirtualDuration, label: EventLabel, _ action: @escaping () -> Void) -> EventHandle {
        schedule(at: now + max(.zero, duration), label: label, action)
    }

    /// Runs `action` at `instant` (or now, if `instant` is past), labelled ``EventLabel/unlabelled``.
    @discardableResult
    public func schedule(at instant: VirtualInstant, _ action: @escaping () -> Void) -> EventHandle {
        if isShutDown { return EventHandle(sequence: .max) }
        return push(action, at: instant, labelSlot: EventLabelTable.none)
    }

    /// Runs `action` after `duration` of virtual time (none if negative), labelled ``EventLabel/unlabelled``.
    @discardableResult
    public func schedule(after duration: VirtualDuration, _ action: @escaping () -> Void) -> EventHandle {
        schedule(at: now + max(.zero, duration), action)
    }

    @inline(__always)
    private func push(_ action: @escaping () -> Void, at instant: VirtualInstant, labelSlot: UInt32) -> EventHandle {
        let time = max(instant.nanoseconds, now.nanoseconds)
        return EventHandle(sequence: queue.push(Event(work: .call(action), labelSlot: labelSlot), at: time))
    }

    /// Cancels a scheduled event. Cancelling an event that already ran does nothing.
    ///
    /// The event stays in the heap and is discarded when it reaches the front,
    /// without moving the clock: to the run it is as if it was never scheduled.
    public func cancel(_ handle: EventHandle) {
        guard handle.sequence < queue.upcomingSequence else { return }
        cancelledEvents.insert(handle.sequence)
        // Cancelling an event that already ran leaves a tombstone nothing will remove:
        // sweep them when they outnumber the queue, so long runs stay flat in memory.
        if cancelledEvents.count > 1024 && cancelledEvents.count > 2 * queue.count {
            var pending = Set<UInt64>(minimumCapacity: queue.count)
            queue.forEachSequence { pending.insert($0) }
            cancelledEvents.formIntersection(pending)
        }
    }

    // MARK: Tasks

    /// Starts a simulated task on the kernel's executor.
    ///
    /// Prefer this to `Task {}`, which does not inherit the executor
    /// (SE-0417) and would run on real threads in real time.
    @discardableResult
    public func spawn(_ name: String, _ body: @escaping @Sendable () async -> Void) -> TaskContext {
        spawn(name, gate: nil, body)
    }

    /// Starts a simulated task whose jobs wait for `gate` (the model's lanes: a process's main thread, a serial queue).
    @discardableResult
    package func spawn(
        _ name: String, gate: (any ExecutionGate)?, _ body: @escaping @Sendable () async -> Void
    ) -> TaskContext {
        if tasks.count >= limits.maximumLiveTasks && requestedStop == nil {
            stop(.liveTasks, message: "the run stopped at \(now) with \(tasks.count) simulated tasks alive at once: "
                + "the limit of \(limits.maximumLiveTasks) was reached; look for code that starts tasks in a loop "
                + "without waiting for them")
        }
        let context = TaskContext(
            kernel: self, identifier: nextTaskIdentifier, name: name, gate: gate, spawnedAt: now)
        nextTaskIdentifier += 1
        tasks[context.identifier] = context
        // Creating the task enqueues its first job on this thread; between runs the executor
        // accepts it only because this thread owns it for the moment.
        let ownedAlready = executor.beginRun()
        context.handle = Task(executorPreference: executor) { [self] in
            await TaskContext.$current.withValue(context) {
                await body()
            }
            taskFinished(context)
        }
        if !ownedAlready { executor.endRun() }
        // A task started while the run is ending for a limit unwinds at its first wait, as the others do.
        if requestedStop != nil { context.cancel() }
        return context
    }

    private func taskFinished(_ context: TaskContext) {
        tasks[context.identifier] = nil
    }

    /// Suspends the calling task until the model resumes the waiter that `register` receives.
    ///
    /// `reason` says in words what the task waits for; it appears in stall
    /// reports. Cancelling the task makes the wait throw `CancellationError`.
    package func wait(for reason: @autoclosure () -> String, _ register: (Waiter) -> Void) async throws {
        try await wait(reason: .text(reason()), register)
    }

    // Inlined: every async frame costs a hop back to the task's executor when it returns, which with an
    // executor preference means a locked walk of the task's status records.
    @inline(__always)
    func wait(reason: Waiter.Reason, _ register: (Waiter) -> Void) async throws {
        let waiter = Waiter(reason: reason, context: TaskContext.current)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                waiter.attach(continuation)
                register(waiter)
            }
        } onCancel: {
            // Through the gate: a suspended app's code does not run its catch block until the app runs again.
            waiter.resume(throwing: CancellationError())
        }
    }

    /// Suspends the calling task until `deadline` on the virtual clock.
    public func sleep(until deadline: VirtualInstant) async throws {
        guard deadline > now else {
            try Task.checkCancellation()
            return
        }
        try await wait(reason: .sleep(until: deadline)) { waiter in
            queue.push(Event(work: .wake(waiter), labelSlot: EventLabelTable.none), at: deadline.nanoseconds)
        }
    }

    // MARK: Running

    /// Runs events and jobs until nothing is left, `deadline` is reached, or a limit stops the run.
    ///
    /// May be called again to continue a run to a later deadline.
    public func run(until deadline: VirtualInstant? = nil) -> RunEnd {
        if isShutDown { return .idle }
        executor.beginRun()
        defer { executor.endRun() }
        while true {
            if let end = drainJobs() { return end }
            // Popped once and moved, not copied: an event that must not run yet goes back with its own sequence number.
            guard var entry = popNextLiveEvent() else { break }
            if let deadline, entry.time > deadline.nanoseconds {
                queue.reinsert(entry)
                now = max(now, deadline)
                return .deadlineReached
            }
            if entry.time > limits.maximumTime.nanoseconds {
                queue.reinsert(entry)
                return .limitExceeded(
                    .time,
                    message: "the run reached the time limit of \(limits.maximumTime): "
                        + "an event is due at \(VirtualInstant(nanoseconds: entry.time)); "
                        + "stop the scenario earlier or look for a wait that is far too long")
            }
            if eventCount >= limits.maximumEvents {
                queue.reinsert(entry)
                return .limitExceeded(
                    .events,
                    message: "the run stopped after \(eventCount) events at \(now): "
                        + "the event limit was reached; look for work that reschedules itself without end, "
                        + "or raise the limit")
            }
            // The one cost of the ordering hook when no policy is set: this check.
            if sameInstantOrdering != nil { entry = takeChosenEvent(among: entry) }
            now = VirtualInstant(nanoseconds: entry.time)
            eventCount += 1
            switch entry.payload.work {
            case .call(let action):
                let slot = entry.payload.labelSlot
                currentEventLabel = slot == EventLabelTable.none ? .unlabelled : labels.take(slot)
                if let eventObserver { observe(entry.sequence, with: eventObserver) }
                action()
            case .wake(let waiter):
                currentEventLabel = .wake(of: waiter)
                if let eventObserver { observe(entry.sequence, with: eventObserver) }
                waiter.resume()
            }
        }
        // Nothing is left before the deadline: the clock moves to it either way, so that
        // `now` after `run(until:)` is the deadline unless a limit stopped the run.
        let report = stallReport()
        if let deadline, deadline > now { now = deadline }
        if let report { return .stalled(report) }
        return deadline == nil ? .idle : .deadlineReached
    }

    private func observe(_ sequence: UInt64, with observer: (ScheduledEvent) -> Void) {
        observer(ScheduledEvent(label: currentEventLabel, sequence: sequence, instant: now))
    }

    /// The label of a queued event, which stays queued.
    private func label(of event: borrowing Event) -> EventLabel {
        switch event.work {
        case .call: event.labelSlot == EventLabelTable.none ? .unlabelled : labels.label(in: event.labelSlot)
        case .wake(let waiter): .wake(of: waiter)
        }
    }

    private func drainJobs() -> RunEnd? {
        let budget = limits.maximumJobs - jobCount
        jobCount += executor.runReadyJobs(limit: max(0, budget))
        // Checked here, once per event, rather than in every job: a stop asked for inside a job takes effect
        // as soon as the executor has no job ready, and the tasks it cancelled have unwound.
        if let requestedStop { return requestedStop }
        if jobCount >= limits.maximumJobs && executor.hasReadyJobs {
            return .limitExceeded(
                .jobs,
                message: "the run stopped after \(jobCount) async resumptions at \(now) without time moving on: "
                    + "look for a loop that yields or awaits without ever waiting on the clock")
        }
        return nil
    }

    /// Removes and returns the earliest event that was not cancelled, discarding cancelled ones on the way.
    private func popNextLiveEvent() -> EventQueue<Event>.Entry? {
        while let entry = queue.popFirst() {
            if isLive(entry) { return entry }
        }
        return nil
    }

    /// Whether a popped event may still run; a cancelled one is forgotten here, as it leaves the queue for good.
    @inline(__always)
    private func isLive(_ entry: borrowing EventQueue<Event>.Entry) -> Bool {
        switch entry.payload.work {
        case .call:
            if !cancelledEvents.isEmpty, cancelledEvents.remove(entry.sequence) != nil {
                if entry.payload.labelSlot != EventLabelTable.none { labels.release(entry.payload.labelSlot) }
                return false
            }
        case .wake(let waiter):
            if waiter.isFinished { return false }
        }
        return true
    }

    /// The event the ordering policy picks among `first` and the other live events due at its instant; the rest go back.
    ///
    /// Off the hot path: only called when a policy is set. Cancelled events met
    /// on the way are discarded, as the plain loop would discard them later.
    @inline(never)
    private func takeChosenEvent(among first: consuming EventQueue<Event>.Entry) -> EventQueue<Event>.Entry {
        let time = first.time
        guard queue.firstTime == time else { return first }
        tiedEvents.append(first)
        while queue.firstTime == time, let entry = queue.popFirst() {
            if isLive(entry) { tiedEvents.append(entry) }
        }
        defer { tiedEvents.removeAll(keepingCapacity: true) }
        guard tiedEvents.count > 1, let policy = sameInstantOrdering else { return tiedEvents.removeFirst() }
        let instant = VirtualInstant(nanoseconds: time)
        tiedCandidates.removeAll(keepingCapacity: true)
        for entry in tiedEvents {
            tiedCandidates.append(ScheduledEvent(label: label(of: entry.payload), sequence: entry.sequence, instant: instant))
        }
        let chosen = policy.nextEvent(among: tiedCandidates)
        precondition(
            tiedEvents.indices.contains(chosen),
            "the same-instant ordering policy \(type(of: policy)) chose event \(chosen) of \(tiedEvents.count) (indices start at 0)")
        if recordsOrderingDecisions {
            recordedOrderingDecisions.append(OrderingDecision(chosen: chosen, count: tiedEvents.count, instant: instant))
        }
        let event = tiedEvents.remove(at: chosen)
        for entry in tiedEvents { queue.reinsert(entry) }
        return event
    }

    /// Ends the run for a limit the kernel cannot see by itself, such as the size of the model's trace.
    ///
    /// The run loop returns `.limitExceeded(limit, message:)` at its next
    /// check (once the executor has no job ready), and every live task is
    /// cancelled, so that code looping without ever waiting throws at its
    /// next cancellation check or wait instead of running on. Tasks spawned
    /// afterwards are cancelled at once. Only the first call counts.
    ///
    /// ```swift
    /// if recordCount == kernel.limits.maximumTraceRecords {
    ///     kernel.stop(.traceRecords, message: "the trace reached \(recordCount) records")
    /// }
    /// ```
    public func stop(_ limit: RunLimits.Limit, message: String) {
        guard requestedStop == nil, !isShutDown else { return }
        requestedStop = .limitExceeded(limit, message: message)
        for context in tasks.values.sorted(by: { $0.identifier < $1.identifier }) {
            context.cancel()
        }
    }

    /// The tasks still waiting, if any, when nothing is left to run.
    func stallReport() -> StallReport? {
        guard !tasks.isEmpty else { return nil }
        let stalled = tasks.values.sorted { $0.identifier < $1.identifier }.map { context in
            StallReport.StalledTask(
                name: context.name, spawnedAt: context.spawnedAt,
                waitingFor: context.waitingFor)
        }
        return StallReport(at: now, tasks: stalled)
    }

    /// Ends the run for good: cancels every live task and lets them unwind; no event runs after this.
    ///
    /// Call it once a run's result has been read, so that suspended tasks do
    /// not outlive the simulation.
    public func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        queue.removeAll()
        labels.removeAll()
        executor.beginRun()
        defer { executor.endRun() }
        let live = tasks.values.sorted { $0.identifier < $1.identifier }
        for context in live {
            context.cancel()
        }
        // Jobs that arrived from other threads were never run; let them unwind now that nothing is recorded.
        executor.releaseQuarantine()
        // Unwinding may run catch blocks; bound it like any other run.
        _ = executor.runReadyJobs(limit: max(1000, limits.maximumJobs - jobCount))
        queue.removeAll()
        labels.removeAll()
    }
}

/// A scheduled event, to cancel it.
public struct EventHandle: Sendable, Hashable {
    let sequence: UInt64
}
