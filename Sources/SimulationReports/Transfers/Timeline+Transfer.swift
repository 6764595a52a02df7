import SimulationKernel
import SimulationModel

extension Timeline.Reader {
    /// Background transfers' records: a lane per download, and the story of each session's events.
    mutating func readTransfer(_ record: TransferRecord, at time: VirtualInstant) {
        switch record {
        case .state(let state): readTransfer(state, at: time)
        case .session(let session): readTransfer(session, at: time)
        }
    }

    /// A background transfer's lane: waiting, running, and a mark for how it ended.
    private mutating func readTransfer(_ state: TransferRecord.State, at time: VirtualInstant) {
        let id = "transfer-\(state.transfer)"
        let title = "download \(state.transfer)"
        let progress = "\(state.bytes)/\(state.total) bytes"
        let why = state.why.map { ": \($0)" } ?? ""
        switch state.phase {
        case .waiting:
            transferLanes.move(id, title: title, group: .transfers, to: .transfer(.waiting), detail: "\(state.session) waiting\(why) · \(progress)", at: time)
            story(time, .system, "download \(state.transfer) (\(state.session)) waits\(why), \(progress)")
        case .running:
            transferLanes.move(id, title: title, group: .transfers, to: .transfer(.running), detail: "\(state.session) · from \(progress)", at: time)
            story(time, .system, "download \(state.transfer) (\(state.session)) runs from \(progress)")
        case .finished, .failed, .cancelled:
            transferLanes.move(id, title: title, group: .transfers, to: nil, at: time)
            let kind: Lane.Mark.Kind = state.phase == .finished ? .ended : .killed
            transferLanes.mark(id, Lane.Mark(time: time, kind: kind, detail: "\(state.phase.rawValue)\(why)"))
            story(time, .system, "download \(state.transfer) (\(state.session)) \(state.phase.rawValue)\(why)")
        }
    }

    /// A session's events: the story says when they were readied, delivered, and handled.
    private mutating func readTransfer(_ session: TransferRecord.Session, at time: VirtualInstant) {
        let process = session.process.map { " (app #\($0))" } ?? ""
        let why = session.why.map { ": \($0)" } ?? ""
        let text: String = switch session.phase {
        case .created: "session \(session.session) created\(process)"
        case .eventsReady: "session \(session.session): all transfers done\(session.wake.map { ", app \($0.rawValue)" } ?? "")\(process)\(why)"
        case .eventsDelivered: "session \(session.session): events delivered\(process)"
        case .completionCalled: "session \(session.session): completion handler called\(process)"
        case .timedOut: "session \(session.session): time ran out\(why)"
        }
        story(time, .system, text)
    }
}
