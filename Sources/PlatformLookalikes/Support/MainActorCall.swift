/// Calls main-actor code synchronously on the simulation's thread, which stands for the app's main thread.
///
/// UIKit calls its delegate on the main thread. In a simulation the main
/// thread is the model's main lane, run on whichever thread runs the
/// simulation: the code is main-actor code by design, and the runtime's
/// executor is not asked (as `MainActor.assumeIsolated` does after its
/// check, the closure's isolation is set aside).
enum MainActorCall {
    static func run<T>(_ body: @MainActor () throws -> T) rethrows -> T {
        try withoutActuallyEscaping(body) { body in
            try unsafeBitCast(body, to: (() throws -> T).self)()
        }
    }
}

/// A value carried across an isolation boundary the simulation keeps on one thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
