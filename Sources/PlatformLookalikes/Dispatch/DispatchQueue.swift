import Dispatch
import SimulationKernel
import SimulationModel

/// The look-alike of Dispatch's `DispatchQueue`: in simulated app code, queues on virtual time.
///
/// A file that imports the look-alikes gets this type for `DispatchQueue`
/// (it shadows Dispatch's), so app code written for iOS runs deterministically:
///
/// - `DispatchQueue.main` is the process's main lane: blocks run one at a
///   time, behind the delegate callbacks and expiration handlers queued
///   before them.
/// - A serial queue (`DispatchQueue(label:)`) is a lane of its own, in order.
/// - `DispatchQueue.global()` and concurrent queues run each block as a task
///   of its own.
/// - `asyncAfter(deadline:)` waits on the virtual clock (see ``DispatchTime``).
/// - `sync(execute:)` runs the block at once on the calling code's lane, as
///   libdispatch does; on the queue the code is already on, it is the
///   deadlock iOS crashes with (`Rules.dispatchSyncDeadlock`).
///
/// A block is synchronous code: it runs under the wall-clock watchdog, and
/// the time it charges (`simulateWork(for:)`, `sleep`) keeps its lane busy
/// afterwards. Outside simulated app code every call goes to a real Dispatch
/// queue, so the type is harmless in ordinary code.
public final class DispatchQueue: @unchecked Sendable {
    /// The look-alike of `DispatchQueue.Attributes`.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The option bits.
        public let rawValue: UInt64

        /// Creates attributes from their bits.
        public init(rawValue: UInt64) {
            self.rawValue = rawValue
        }

        /// Blocks may run at the same time.
        public static let concurrent = Attributes(rawValue: 1 << 1)
        /// The queue starts inactive (bgsim starts it at once).
        public static let initiallyInactive = Attributes(rawValue: 1 << 2)
    }

    /// The look-alike of `DispatchQueue.AutoreleaseFrequency` (no effect in bgsim).
    public enum AutoreleaseFrequency: Sendable, Hashable {
        case inherit
        case workItem
        case never
    }

    enum Kind: Equatable {
        case main
        case serial
        case concurrent
    }

    /// The queue's label.
    public let label: String
    let kind: Kind
    private let qos: DispatchQoS
    private let realQueue: Dispatch.DispatchQueue

    private init(label: String, kind: Kind, qos: DispatchQoS, real: Dispatch.DispatchQueue) {
        self.label = label
        self.kind = kind
        self.qos = qos
        self.realQueue = real
    }

    /// Creates a queue: serial unless `attributes` contains `.concurrent`.
    public convenience init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
        autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
    ) {
        let concurrent = attributes.contains(.concurrent)
        self.init(
            label: label, kind: concurrent ? .concurrent : .serial, qos: qos,
            real: Dispatch.DispatchQueue(label: label, qos: qos, attributes: concurrent ? .concurrent : []))
    }

    /// The main queue: the app's main thread (in a simulation, the process's main lane).
    public static let main = DispatchQueue(label: "com.apple.main-thread", kind: .main, qos: .userInteractive, real: .main)

    private static let globals: [DispatchQoS.QoSClass: DispatchQueue] = {
        var queues: [DispatchQoS.QoSClass: DispatchQueue] = [:]
        for qos in [DispatchQoS.QoSClass.background, .utility, .default, .userInitiated, .userInteractive, .unspecified] {
            queues[qos] = DispatchQueue(
                label: "com.apple.root.\(qos)-qos", kind: .concurrent, qos: DispatchQoS(qosClass: qos, relativePriority: 0),
                real: .global(qos: qos))
        }
        return queues
    }()

    /// A global concurrent queue of the given quality of service.
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        globals[qos] ?? globals[.default]!
    }

    /// Where this queue's blocks run in `process`.
    enum Placement: Equatable {
        case main
        case serial(SerialLane)
        case background

        var lane: SerialLane? {
            if case .serial(let lane) = self { return lane }
            return nil
        }

        static func == (lhs: Placement, rhs: Placement) -> Bool {
            switch (lhs, rhs) {
            case (.main, .main), (.background, .background): true
            case (.serial(let a), .serial(let b)): a === b
            default: false
            }
        }
    }

    func placement(in process: AppProcess) -> Placement {
        switch kind {
        case .main: .main
        case .serial: .serial(process.serialLane(for: self, label: label))
        case .concurrent: .background
        }
    }

    /// Submits a block to run later; with a group, the group waits for it.
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        guard let process = SimulatedCall.process(nil, "DispatchQueue.async(execute:)") else {
            if AppProcess.current == nil { realQueue.async(group: group?.real, qos: qos, flags: flags, execute: work) }
            return
        }
        group?.enter()
        submit(work, in: process, personAction: process.currentPersonAction, name: "\(describing).async") { group?.leave() }
    }

    /// Submits a block to run at `deadline` on the virtual clock.
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        guard let process = SimulatedCall.process(nil, "DispatchQueue.asyncAfter(deadline:execute:)") else {
            if AppProcess.current == nil { realQueue.asyncAfter(deadline: deadline.real, qos: qos, flags: flags, execute: work) }
            return
        }
        guard deadline != .distantFuture else { return }
        let personAction = process.currentPersonAction
        let at = VirtualInstant(nanoseconds: Int64(min(deadline.uptimeNanoseconds, UInt64(Int64.max))))
        process.kernel.schedule(at: at, label: EventLabel("app.dispatchAfter", subject: Int64(process.number))) { [weak process, self] in
            guard let process, process.isAlive else { return }
            submit(work, in: process, personAction: personAction, name: "\(describing).asyncAfter") {}
        }
    }

    /// Runs a block now, on the calling code's thread, and returns its result.
    ///
    /// On the queue the code is already running on this is a deadlock: iOS
    /// crashes the app, and so does bgsim (`Rules.dispatchSyncDeadlock`).
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        guard let process = SimulatedCall.process(nil, "DispatchQueue.sync(execute:)") else {
            if AppProcess.current == nil { return try realQueue.sync(execute: work) }
            return try work()
        }
        if isCurrent(in: process) { process.dispatchSyncDeadlocked(on: describing) }
        return try work()
    }

    /// Runs a block now (a barrier on a concurrent queue changes nothing in a simulation, where blocks do not overlap).
    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        try sync(execute: work)
    }

    private var describing: String {
        switch kind {
        case .main: "DispatchQueue.main"
        case .serial, .concurrent: label.hasPrefix("com.apple.root.") ? "DispatchQueue.global()" : "DispatchQueue(\"\(label)\")"
        }
    }

    private func isCurrent(in process: AppProcess) -> Bool {
        switch kind {
        case .main: process.currentLane?.isMain == true
        case .serial: process.currentLane.map { $0 === process.serialLane(for: self, label: label) } ?? false
        case .concurrent: false
        }
    }

    private func submit(
        _ work: @escaping @Sendable () -> Void, in process: AppProcess, personAction: String?, name: String,
        done: @escaping @Sendable () -> Void
    ) {
        let body: @Sendable () async -> Void = { [weak process] in
            await process?.runSynchronousAppCode("a block on \(name)") { work() }
            done()
        }
        switch placement(in: process) {
        case .main: process.mainLane.enqueue(name, personAction: personAction, body)
        case .serial(let lane): lane.enqueue(name, personAction: personAction, body)
        case .background: process.spawn(name, origin: personAction.map { .person($0) } ?? .system, body)
        }
    }
}
