import SimulationKernel

extension BackgroundTransfers {
    /// A transfer the daemon holds.
    final class Transfer {
        let number: Int
        let request: TransferRequest
        let discretionary: Bool
        /// When the app started it (`resume()`).
        let startedAt: VirtualInstant
        /// When a force quit cancelled it, if one did.
        var cancelledByForceQuitAt: VirtualInstant?
        /// When its delegate events went to the app, and which process heard them, once they did.
        var heard: (at: VirtualInstant, process: Int)?
        /// Where it is in its life; moves only as ``TransferPhase/canMove(to:)`` allows.
        private(set) var phase: TransferPhase = .waiting
        /// Why it waits, failed or was cancelled (the record's `why`); nil while it runs and once it finished.
        var why: TransferRecord.State.Reason?
        var bytes: Int64 = 0
        /// When the bytes were last counted, while running.
        var countedAt: VirtualInstant = .zero
        var event: EventHandle?

        init(number: Int, request: TransferRequest, discretionary: Bool, startedAt: VirtualInstant) {
            self.number = number
            self.request = request
            self.discretionary = discretionary
            self.startedAt = startedAt
        }

        /// Whether it moves no more bytes.
        var isDone: Bool { phase.isDone }

        /// Whether it is done and the app has not heard.
        var awaitsDelivery: Bool { phase == .finished || phase == .failed || phase == .cancelled }

        /// Moves the transfer to `next`. Returns false, and moves anyway, when transfers never move that way: a bug
        /// in the model, which the caller records.
        func move(to next: TransferPhase) -> Bool {
            let allowed = phase.canMove(to: next)
            phase = next
            return allowed
        }

        /// Stops the run if the transfer's bookkeeping is inconsistent at `now`: a bug in the model.
        func checkInvariants(now: VirtualInstant) {
            modelInvariant(
                (0...request.bytes).contains(bytes), "transfer \(number) has \(bytes) of \(request.bytes) bytes")
            switch phase {
            case .waiting:
                modelInvariant(why != nil, "transfer \(number) waits for no reason")
            case .running:
                modelInvariant(why == nil && event != nil, "transfer \(number) runs with a reason to wait or no event to end")
                modelInvariant(countedAt <= now, "transfer \(number) counted its bytes in the future")
            case .finished, .failed, .cancelled, .delivered, .fileMoved, .fileDeleted:
                modelInvariant(event == nil, "transfer \(number) is done (\(phase.rawValue)) with an event pending")
            }
        }
    }
}
