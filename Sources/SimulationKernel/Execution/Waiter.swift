import Synchronization

/// One suspended piece of simulated async code, waiting for the model to resume it.
///
/// Every wait in a simulation goes through a waiter: a virtual sleep, a
/// model primitive such as CPU work, or a handler waiting for the system.
/// The kernel keeps the open ones, so that when a run goes idle with work
/// unfinished it can name what each task was waiting for.
package final class Waiter: @unchecked Sendable {
    enum Phase {
        case pending
        case endedEarly((any Error)?)
        case waiting(UnsafeContinuation<Void, any Error>)
        case finished
    }

    /// What a waiter waits for; formatted only when a stall report asks, since most waits end quietly.
    enum Reason {
        case text(String)
        case sleep(until: VirtualInstant)
    }

    /// What the task waits for, in words, for stall reports.
    package var reason: String {
        switch why {
        case .text(let text): text
        case .sleep(let deadline): "a sleep until \(deadline)"
        }
    }

    private let why: Reason
    /// The name of the simulated task that waits.
    let taskName: String
    /// The gate of the task that waits, consulted before it may run again.
    package let gate: (any ExecutionGate)?
    let context: TaskContext?
    private let phase = Mutex(Phase.pending)
    private let pendingError = Mutex<(any Error)?>(nil)

    init(reason: Reason, context: TaskContext?) {
        self.why = reason
        self.context = context
        self.taskName = context?.name ?? "(unnamed task)"
        self.gate = context?.gate
    }

    /// Hands over the continuation; ends it at once if the wait was ended before it began.
    func attach(_ continuation: UnsafeContinuation<Void, any Error>) {
        let early: (any Error)?? = phase.withLock { phase in
            if case .endedEarly(let error) = phase {
                phase = .finished
                return .some(error)
            }
            phase = .waiting(continuation)
            return .none
        }
        switch early {
        case .none: context?.currentWaits.append(self)
        case .some(.none): continuation.resume()
        case .some(.some(let error)): continuation.resume(throwing: error)
        }
    }

    /// Whether the waiter was resumed or failed already.
    package var isFinished: Bool {
        phase.withLock { phase in
            switch phase {
            case .finished, .endedEarly: true
            case .pending, .waiting: false
            }
        }
    }

    /// Lets the task continue, once its gate admits it (for example when its app process is not suspended).
    package func resume() {
        // After shut-down nothing is recorded and every task must unwind: gates no longer hold anyone.
        if let gate, context?.kernel.isShutDown != true {
            gate.admit(self)
        } else {
            resumeNow()
        }
    }

    /// Ends the wait with `error`, once the gate admits the task (cancellation takes this path).
    package func resume(throwing error: any Error) {
        pendingError.withLock { $0 = error }
        resume()
    }

    /// Lets the task continue at once, bypassing its gate. Gates call this when they admit a waiter.
    package func resumeNow() {
        finish(with: pendingError.withLock { $0 })
    }

    /// Makes the task's wait throw `error`.
    package func fail(_ error: any Error) {
        finish(with: error)
    }

    private func finish(with error: (any Error)?) {
        let continuation: UnsafeContinuation<Void, any Error>? = phase.withLock { phase in
            switch phase {
            case .pending:
                phase = .endedEarly(error)
                return nil
            case .waiting(let continuation):
                phase = .finished
                return continuation
            case .endedEarly, .finished:
                return nil
            }
        }
        guard let continuation else { return }
        context?.currentWaits.removeAll { $0 === self }
        if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}

/// Decides when a waiting task may run again.
///
/// The iOS model gives every app process a gate: while the process is
/// suspended, its code does not run, so resumptions wait at the gate; when
/// the process is terminated they fail.
package protocol ExecutionGate: AnyObject, Sendable {
    /// Called when `waiter`'s wait is over. Call `waiter.resumeNow()` now or
    /// later, or `waiter.fail(_:)`.
    func admit(_ waiter: Waiter)
}
