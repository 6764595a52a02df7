import SimulationModel

/// A `UIApplicationDelegate` as the model calls app code: one per process, with the process's `UIApplication`
/// and `BGTaskScheduler`.
///
/// `UIApplication.shared` and `BGTaskScheduler.shared` find these objects
/// through the process of the code that is calling, so simulations side by
/// side never share one. A ``SimulatedApplicationDelegate``'s `async`
/// methods are preferred; a plain delegate's synchronous methods run under
/// the watchdog, with the time they charge spent afterwards on the main lane.
package final class UIKitApp: AppCode, @unchecked Sendable {
    let delegate: any UIApplicationDelegate
    /// The delegate again, when it is a ``SimulatedApplicationDelegate``; only ever called on the simulation's thread.
    nonisolated(unsafe) let simulated: (any SimulatedApplicationDelegate)?
    let application: UIApplication
    package let scheduler: BGTaskScheduler
    /// Whether the delegate is the app's own code (Swift written for iOS), rather than bgsim's scenario interpreter.
    let isAppCode: Bool

    /// The application of the app being made, while its delegate's initializer runs: `UIApplication.shared` there.
    @TaskLocal static var applicationUnderConstruction: UIApplication?

    private init(process: AppProcess, isAppCode: Bool, makeDelegate: @MainActor () -> any UIApplicationDelegate) {
        self.application = MainActorCall.run { UIApplication(process: process) }
        self.scheduler = BGTaskScheduler(process: process)
        self.isAppCode = isAppCode
        let made = Self.$applicationUnderConstruction.withValue(application) {
            MainActorCall.run { UncheckedSendable(makeDelegate()) }
        }
        self.delegate = made.value
        self.simulated = made.value as? any SimulatedApplicationDelegate
    }

    /// Makes the app code of each new process from a fresh delegate.
    ///
    /// - Parameter isAppCode: False for bgsim's scenario interpreter, whose steps
    ///   are not Swift concurrency code: it runs exactly as before, with no
    ///   routing of tasks and main-actor work.
    package static func factory(
        isAppCode: Bool = true, _ makeDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) -> AppCodeFactory {
        { process in
            if isAppCode { process.routeAppConcurrency() }
            return UIKitApp(process: process, isAppCode: isAppCode, makeDelegate: makeDelegate)
        }
    }

    package func run(_ callback: AppCallback) async {
        switch callback {
        case .lifecycle(let callback): await run(callback)
        case .userAction(let name):
            // Only bgsim's async delegate has a method for the person's taps.
            guard let simulated else { return }
            nonisolated(unsafe) let delegate = simulated
            await delegate.application(application, performUserAction: name)
        case .push(let callback): await run(callback)
        case .transfer(let callback): await run(callback)
        }
    }

    private func run(_ callback: LifecycleCallback) async {
        if simulated != nil {
            await runSimulated(callback)
            return
        }
        let delegate = UncheckedSendable(delegate)
        let application = self.application
        switch callback {
        case .didFinishLaunching:
            _ = await Self.synchronously("application(_:willFinishLaunchingWithOptions:)", application, default: true) {
                delegate.value.application(application, willFinishLaunchingWithOptions: nil)
            }
            _ = await Self.synchronously("application(_:didFinishLaunchingWithOptions:)", application, default: true) {
                delegate.value.application(application, didFinishLaunchingWithOptions: nil)
            }
        case .didBecomeActive:
            await Self.synchronously("applicationDidBecomeActive(_:)", application, default: ()) {
                delegate.value.applicationDidBecomeActive(application)
            }
        case .willResignActive:
            await Self.synchronously("applicationWillResignActive(_:)", application, default: ()) {
                delegate.value.applicationWillResignActive(application)
            }
        case .didEnterBackground:
            await Self.synchronously("applicationDidEnterBackground(_:)", application, default: ()) {
                delegate.value.applicationDidEnterBackground(application)
            }
        case .willEnterForeground:
            await Self.synchronously("applicationWillEnterForeground(_:)", application, default: ()) {
                delegate.value.applicationWillEnterForeground(application)
            }
        case .didReceiveMemoryWarning:
            await Self.synchronously("applicationDidReceiveMemoryWarning(_:)", application, default: ()) {
                delegate.value.applicationDidReceiveMemoryWarning(application)
            }
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            // No look-alike UISceneDelegate yet: a plain app delegate hears only the application's callbacks.
            break
        }
    }

    private func runSimulated(_ callback: LifecycleCallback) async {
        nonisolated(unsafe) let delegate = simulated!
        switch callback {
        case .didFinishLaunching:
            if isAppCode {
                let plain = UncheckedSendable(self.delegate)
                let application = self.application
                _ = await Self.synchronously("application(_:willFinishLaunchingWithOptions:)", application, default: true) {
                    plain.value.application(application, willFinishLaunchingWithOptions: nil)
                }
            }
            _ = await delegate.application(application, didFinishLaunchingWithOptions: nil)
        case .didBecomeActive: await delegate.applicationDidBecomeActive(application)
        case .willResignActive: await delegate.applicationWillResignActive(application)
        case .didEnterBackground: await delegate.applicationDidEnterBackground(application)
        case .willEnterForeground: await delegate.applicationWillEnterForeground(application)
        case .didReceiveMemoryWarning: await delegate.applicationDidReceiveMemoryWarning(application)
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            // Until the look-alike UISceneDelegate exists (issue 12), only the scenario interpreter hears scene callbacks.
            await (delegate as? any SceneCallbackReceiver)?.scene(application, callback)
        }
    }

    /// Runs a synchronous delegate method as the main thread would: under the watchdog, its charged time spent after.
    static func synchronously<T>(
        _ name: String, _ application: UIApplication, default value: T, _ body: @MainActor () -> T
    ) async -> T {
        guard let process = application.reference.process else { return value }
        var result = value
        await process.runSynchronousAppCode(name) {
            result = MainActorCall.run(body)
        }
        return result
    }
}

/// bgsim: a delegate that also handles the scene's lifecycle callbacks (the scenario interpreter).
package protocol SceneCallbackReceiver: Sendable {
    /// Runs the app's code for a scene callback.
    func scene(_ application: UIApplication, _ callback: LifecycleCallback) async
}
