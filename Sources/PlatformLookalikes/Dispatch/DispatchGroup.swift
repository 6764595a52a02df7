import Dispatch
import SimulationModel

/// The look-alike of Dispatch's `DispatchGroup`: work to wait for, counted on virtual time.
///
/// `enter()`, `leave()` and `notify(queue:execute:)` behave as Dispatch's.
/// `wait()` cannot block the simulation's thread: with work still in the
/// group it returns at once and reports `Rules.blockingCallNotSimulated`
/// (continue in `notify` instead). Outside simulated app code it is a real
/// group.
public final class DispatchGroup: @unchecked Sendable {
    let real = Dispatch.DispatchGroup()
    private var count = 0
    private var waiting: [(queue: DispatchQueue, work: @Sendable () -> Void)] = []

    /// Creates an empty group.
    public init() {}

    /// Work entered the group.
    public func enter() {
        guard SimulatedCall.process(nil, "DispatchGroup.enter()") != nil else {
            if AppProcess.current == nil { real.enter() }
            return
        }
        count += 1
    }

    /// Work left the group; when none is left, the blocks waiting in `notify` are submitted.
    public func leave() {
        guard SimulatedCall.process(nil, "DispatchGroup.leave()") != nil else {
            if AppProcess.current == nil { real.leave() }
            return
        }
        count = max(0, count - 1)
        guard count == 0 else { return }
        let ready = waiting
        waiting.removeAll()
        for (queue, work) in ready { queue.async(execute: work) }
    }

    /// Submits `work` to `queue` once the group is empty (at once if it is).
    public func notify(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
        execute work: @escaping @Sendable () -> Void
    ) {
        guard SimulatedCall.process(nil, "DispatchGroup.notify(queue:execute:)") != nil else {
            if AppProcess.current == nil { queue.async(execute: work) }
            return
        }
        if count == 0 { queue.async(execute: work) } else { waiting.append((queue, work)) }
    }

    /// Waits until the group is empty: in a simulation, returns at once (see the type's description).
    public func wait() {
        guard let process = SimulatedCall.process(nil, "DispatchGroup.wait()") else {
            if AppProcess.current == nil { real.wait() }
            return
        }
        guard count > 0 else { return }
        process.diagnose(
            Rules.blockingCallNotSimulated, subject: "DispatchGroup.wait()",
            message: "DispatchGroup.wait() was called with \(count) unbalanced enter(): bgsim cannot block the simulation's thread, "
                + "so it returned at once, before the work it waits for; continue in notify(queue:execute:) instead")
    }

    /// Waits until the group is empty or `timeout`: in a simulation, charges the wait and reports `.timedOut` if work is left.
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
        guard let process = SimulatedCall.process(nil, "DispatchGroup.wait(timeout:)") else {
            if AppProcess.current == nil { return real.wait(timeout: timeout.real) }
            return .timedOut
        }
        guard count > 0 else { return .success }
        if timeout != .distantFuture {
            BlockingCall.charge(.nanoseconds(Int64(timeout.uptimeNanoseconds) - process.now.nanoseconds), asWork: false, in: process, call: "DispatchGroup.wait(timeout:)")
        }
        process.diagnose(
            Rules.blockingCallNotSimulated, subject: "DispatchGroup.wait(timeout:)",
            message: "DispatchGroup.wait(timeout:) was called with \(count) unbalanced enter(): bgsim cannot block the simulation's thread, "
                + "so it reported .timedOut at once; continue in notify(queue:execute:) instead")
        return .timedOut
    }
}
