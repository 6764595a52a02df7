import SimulationModel
import Testing

/// The phases of launched tasks and background transfers move only forward, as their tables say.
@Suite struct PhaseTests {
    @Test func aTaskMovesOnlyForwardAndEndsOnce() {
        let moves = Set(TaskPhase.allCases.flatMap { from in TaskPhase.allCases.filter(from.canMove(to:)).map { "\(from)>\($0)" } })
        #expect(moves == [
            "running>expired", "running>completed", "running>processEnded",
            "expired>expirationHandlerRunning", "expired>completedAfterExpiry", "expired>processEnded",
            "expirationHandlerRunning>expirationHandlerReturned", "expirationHandlerRunning>completedAfterExpiry",
            "expirationHandlerRunning>processEnded",
            "expirationHandlerReturned>completedAfterExpiry", "expirationHandlerReturned>processEnded",
        ])
        for phase in TaskPhase.allCases where phase.hasEnded {
            #expect(TaskPhase.allCases.allSatisfy { !phase.canMove(to: $0) }, "\(phase) moves on")
        }
        #expect(TaskPhase.allCases.filter(\.hasExpired) == [.expired, .expirationHandlerRunning, .expirationHandlerReturned, .completedAfterExpiry])
    }

    @Test func aTransferIsDeliveredOnceAndItsFileMovedOrDeleted() {
        let moves = Set(TransferPhase.allCases.flatMap { from in TransferPhase.allCases.filter(from.canMove(to:)).map { "\(from)>\($0)" } })
        #expect(moves == [
            "waiting>running", "running>waiting", "waiting>cancelled", "running>finished", "running>failed", "running>cancelled",
            "finished>delivered", "failed>delivered", "cancelled>delivered", "delivered>fileMoved", "delivered>fileDeleted",
        ])
        #expect(TransferPhase.allCases.filter { !$0.isDone } == [.waiting, .running])
        #expect(TransferPhase.allCases.compactMap(\.recorded) == TransferRecord.Phase.allCases)
    }
}
