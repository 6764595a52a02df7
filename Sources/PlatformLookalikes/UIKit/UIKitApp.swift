import SimulationModel

/// A `UIApplicationDelegate` as the model calls app code: one per process, with the process's `UIApplication`
/// and `BGTaskScheduler`.
///
/// `UIApplication.shared` and `BGTaskScheduler.shared` find these objects
/// through the process of the code that is calling, so simulations side by
/// side never share one.
package final class UIKitApp: AppCode, @unchecked Sendable {
    package let delegate: any UIApplicationDelegate
    package let application: UIApplication
    package let scheduler: BGTaskScheduler

    init(process: AppProcess, delegate: any UIApplicationDelegate) {
        self.delegate = delegate
        self.application = UIApplication(process: process)
        self.scheduler = BGTaskScheduler(process: process)
    }

    /// Makes the app code of each new process from a fresh delegate.
    package static func factory(_ makeDelegate: @escaping @Sendable () -> any UIApplicationDelegate) -> AppCodeFactory {
        { process in UIKitApp(process: process, delegate: makeDelegate()) }
    }

    package func run(_ callback: AppCallback) async {
        switch callback {
        case .didFinishLaunching: await delegate.application(application, didFinishLaunchingWithOptions: [:])
        case .didBecomeActive: await delegate.applicationDidBecomeActive(application)
        case .willResignActive: await delegate.applicationWillResignActive(application)
        case .didEnterBackground: await delegate.applicationDidEnterBackground(application)
        case .willEnterForeground: await delegate.applicationWillEnterForeground(application)
        case .didReceiveMemoryWarning: await delegate.applicationDidReceiveMemoryWarning(application)
        case .userAction(let name): await delegate.application(application, performUserAction: name)
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            // Until the look-alike UISceneDelegate exists (issue 12), only the scenario interpreter hears scene callbacks.
            await (delegate as? any SceneCallbackReceiver)?.scene(application, callback)
        }
    }
}

/// bgsim: a delegate that also handles the scene's lifecycle callbacks (the scenario interpreter).
package protocol SceneCallbackReceiver: Sendable {
    /// Runs the app's code for a scene callback.
    func scene(_ application: UIApplication, _ callback: AppCallback) async
}
