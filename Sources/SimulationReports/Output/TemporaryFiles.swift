#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The temporary files of unfinished ``AtomicFile``s, removed when a signal ends the process.
///
/// Without it, Ctrl-C during a long run, a `kill`, a closed terminal, a
/// file-size limit or a crash would leave `.NAME.tmp-PID` files beside the
/// outputs. A signal handler may only call async-signal-safe functions, so
/// the paths live in memory allocated once, as C strings in fixed slots, and
/// which slots are in use is one atomic word: the handler reads it, calls
/// `unlink` on each path, puts back the handler that was there before, and
/// raises the signal again, so the process ends (or the previous handler,
/// such as Swift's backtracer, runs) exactly as it would have.
///
/// Process-wide by nature (signal dispositions are), and used only by
/// output files, never by a simulation.
enum TemporaryFiles {
    /// How many temporary files can be registered at once; a command writes at most a handful.
    static let capacity = 64
    /// The longest path a slot holds, with its terminating zero; longer paths are not registered.
    static let slotSize = 4096

    /// The signals that end a process by default (or that a crash raises), and after which no temporary file may stay.
    static let signals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, SIGXFSZ, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE,
    ]

    /// Which slots hold a path, one bit per slot.
    private static let occupied = Atomic<UInt64>(0)
    /// Guards slot allocation between threads; never touched by the handler.
    private static let allocation = Mutex<Void>(())

    /// The slots' storage and the previous handlers, allocated once, before any handler is installed.
    ///
    /// Unchecked: slots are written under ``allocation`` before their bit is
    /// published in ``occupied``, and the previous handlers only before the
    /// handlers are installed; the signal handler only reads.
    nonisolated(unsafe) private static let storage: (paths: UnsafeMutablePointer<CChar>, previous: UnsafeMutablePointer<sigaction>) = {
        let paths = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slotSize)
        paths.initialize(repeating: 0, count: capacity * slotSize)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        return (paths, previous)
    }()

    /// Installs the handlers, once per process.
    private static let installed: Void = {
        let storage = Self.storage
        for signal in signals where signal < 65 {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0 else { continue }
            // An ignored signal (SIGHUP under nohup, SIGINT in a background job) stays ignored: the process goes on.
            if handlerAddress(of: previous) == 1 { continue }
            storage.previous[Int(signal)] = previous
            var action = sigaction()
            setHandler(removeAndRaise, in: &action)
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(signal, &action, nil)
        }
    }()

    /// Registers `path` for removal on a signal; returns its slot, or nil when it cannot be registered.
    static func register(_ path: String) -> Int? {
        _ = installed
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, !bytes.contains(0) else { return nil }
        return allocation.withLock { _ -> Int? in
            let mask = occupied.load(ordering: .acquiring)
            guard let slot = (0..<capacity).first(where: { mask & (1 << UInt64($0)) == 0 }) else { return nil }
            let start = storage.paths + slot * slotSize
            for (offset, byte) in bytes.enumerated() { start[offset] = CChar(bitPattern: byte) }
            start[bytes.count] = 0
            // Published after the path is complete, so the handler never reads half of one.
            occupied.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
            return slot
        }
    }

    /// Forgets a slot: its file was renamed into place or removed.
    static func unregister(_ slot: Int) {
        allocation.withLock { _ in
            _ = occupied.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
        }
    }

    /// The signal handler: only async-signal-safe calls (`unlink`, `sigaction`, `raise`).
    private static let removeAndRaise: @convention(c) (Int32) -> Void = { signal in
        let mask = TemporaryFiles.occupied.load(ordering: .acquiring)
        let paths = TemporaryFiles.storage.paths
        for slot in 0..<TemporaryFiles.capacity where mask & (1 << UInt64(slot)) != 0 {
            unlink(paths + slot * TemporaryFiles.slotSize)
        }
        sigaction(signal, TemporaryFiles.storage.previous + Int(signal), nil)
        // Delivered again when this handler returns (a fault re-executes its instruction): to the previous handler.
        raise(signal)
    }

    private static func handlerAddress(of action: sigaction) -> Int {
        #if canImport(Darwin)
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
    }

    private static func setHandler(_ handler: @escaping @convention(c) (Int32) -> Void, in action: inout sigaction) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }
}
