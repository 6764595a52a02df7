import SimulationKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the Swift concurrency work that simulated app code starts inside its simulation.
///
/// App code written for iOS starts `Task {}` and `Task.detached {}`, hops to
/// the main actor, and awaits actors of its own. Left alone, the runtime runs
/// that work on its global thread pool and on the real main thread, at
/// moments that depend on the machine: runs stop being reproducible, and the
/// work calls into the simulation from other threads. bgsim installs two of
/// the runtime's hooks (as swift-concurrency-extras' `withMainSerialExecutor`
/// does) and, only for enqueues made on a thread that is running a
/// simulation, redirects them:
///
/// - `swift_task_enqueueGlobal_hook`: work for the global pool (new tasks,
///   hops off an actor) goes to the kernel's executor, first-in first-out;
/// - `swift_task_getMainExecutor_hook`: on that thread the main actor's
///   executor is the process's ``MainActorExecutor``, so main-actor code runs
///   in the simulation, in order.
///
/// Every other thread gets the runtime's own behaviour (or that of a hook
/// installed before bgsim's). A thread is bound to the process whose code it
/// last ran; the binding counts only while that process's kernel is running
/// on the thread.
enum ConcurrencyRouting {
    /// What a simulation's thread is running.
    final class Binding {
        weak var process: AppProcess?
        /// Weak: the thread keeps its last binding after the simulation is gone.
        weak var kernel: Kernel?
        let mainActor: MainActorExecutor

        init(process: AppProcess) {
            self.process = process
            self.kernel = process.kernel
            self.mainActor = MainActorExecutor(kernel: process.kernel)
        }

        /// Whether the calling thread is running this binding's simulation now.
        var isActive: Bool { kernel?.executor.isOnLoopThread ?? false }
    }

    private typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    private typealias EnqueueHook = @convention(thin) (UnownedJob, Enqueue) -> Void
    private typealias GetMainExecutor = @convention(thin) () -> UnownedSerialExecutor
    private typealias GetMainExecutorHook = @convention(thin) (GetMainExecutor) -> UnownedSerialExecutor

    private struct Hooks: @unchecked Sendable {
        var enqueueGlobal: UnsafeMutablePointer<EnqueueHook?>
        var getMainExecutor: UnsafeMutablePointer<GetMainExecutorHook?>
        var previousEnqueueGlobal: EnqueueHook?
        var previousGetMainExecutor: GetMainExecutorHook?
        var key: pthread_key_t
    }

    /// Installed once, the first time a process starts; nil where the runtime has no such hooks.
    private static let hooks: Hooks? = {
        let runtime = dlopen(nil, RTLD_NOW)
        guard let enqueue = dlsym(runtime, "swift_task_enqueueGlobal_hook"),
              let getMain = dlsym(runtime, "swift_task_getMainExecutor_hook")
        else { return nil }
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else { return nil }
        let enqueueHook = enqueue.assumingMemoryBound(to: EnqueueHook?.self)
        let getMainHook = getMain.assumingMemoryBound(to: GetMainExecutorHook?.self)
        let hooks = Hooks(
            enqueueGlobal: enqueueHook, getMainExecutor: getMainHook, previousEnqueueGlobal: enqueueHook.pointee,
            previousGetMainExecutor: getMainHook.pointee, key: key)
        enqueueHook.pointee = { job, original in
            if let binding = ConcurrencyRouting.activeBinding, let kernel = binding.kernel {
                kernel.executor.enqueue(job)
            } else if let previous = ConcurrencyRouting.hooks?.previousEnqueueGlobal {
                previous(job, original)
            } else {
                original(job)
            }
        }
        getMainHook.pointee = { original in
            if let binding = ConcurrencyRouting.activeBinding { return binding.mainActor.asUnownedSerialExecutor() }
            if let previous = ConcurrencyRouting.hooks?.previousGetMainExecutor { return previous(original) }
            return original()
        }
        return hooks
    }()

    /// Makes the calling thread (the simulation's) run `process`'s concurrency work; returns the binding, which
    /// the process keeps alive.
    static func bind(_ process: AppProcess) -> Binding? {
        guard let hooks else { return nil }
        let binding = Binding(process: process)
        // The thread keeps its last binding (and its executor, which suspended tasks may still name) alive.
        let old = pthread_getspecific(hooks.key)
        pthread_setspecific(hooks.key, Unmanaged.passRetained(binding).toOpaque())
        if let old { Unmanaged<Binding>.fromOpaque(old).release() }
        return binding
    }

    /// The binding of the calling thread, if that thread is running its simulation now.
    static var activeBinding: Binding? {
        guard let hooks, let raw = pthread_getspecific(hooks.key) else { return nil }
        let binding = Unmanaged<Binding>.fromOpaque(raw).takeUnretainedValue()
        return binding.isActive ? binding : nil
    }

    /// The app process whose simulation the calling thread is running, if any: for code that runs on the
    /// simulation's thread outside any simulated task (a delegate's initializer, a detached task).
    static var currentProcess: AppProcess? {
        activeBinding?.process
    }
}
