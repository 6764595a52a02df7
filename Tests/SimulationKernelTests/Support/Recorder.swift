import SimulationKernel
import Synchronization

/// A list that simulated tasks append to; they all run on the loop thread, the lock only satisfies Sendable.
final class Recorder<Entry: Sendable>: Sendable {
    private let storage = Mutex<[Entry]>([])

    func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [Entry] {
        storage.withLock { $0 }
    }
}

extension RunEnd {
    /// The stall report, when the run stalled.
    var stallReport: StallReport? {
        if case .stalled(let report) = self { return report }
        return nil
    }

    /// The limit that stopped the run, if one did.
    var exceededLimit: RunLimits.Limit? {
        if case .limitExceeded(let limit, _) = self { return limit }
        return nil
    }

    /// The message of the limit that stopped the run, if one did.
    var limitMessage: String? {
        if case .limitExceeded(_, let message) = self { return message }
        return nil
    }
}

extension VirtualInstant {
    static func seconds(_ seconds: Int64) -> VirtualInstant {
        VirtualInstant(nanoseconds: seconds * 1_000_000_000)
    }
}
