import PlatformLookalikes
import SimulationModel

/// The app delegate's and the scene delegate's lifecycle callbacks, and the person's taps: each runs the action the
/// scenario attached to it.
extension ScenarioApp: SceneCallbackReceiver {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
    ) async -> Bool {
        await run(.didFinishLaunching, application)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) async {
        await run(.didBecomeActive, application)
    }

    func applicationWillResignActive(_ application: UIApplication) async {
        await run(.willResignActive, application)
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        await run(.didEnterBackground, application)
    }

    func applicationWillEnterForeground(_ application: UIApplication) async {
        await run(.willEnterForeground, application)
    }

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) async {
        await run(.didReceiveMemoryWarning, application)
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        await run(definition(application).actions[name] ?? [], in: application, context: Context(lane: .main))
    }

    func scene(_ application: UIApplication, _ callback: LifecycleCallback) async {
        let name: AppDefinition.Callback? = switch callback {
        case .sceneWillConnect: .sceneWillConnect
        case .sceneDidBecomeActive: .sceneDidBecomeActive
        case .sceneWillResignActive: .sceneWillResignActive
        case .sceneDidEnterBackground: .sceneDidEnterBackground
        case .sceneWillEnterForeground: .sceneWillEnterForeground
        default: nil
        }
        if let name { await run(name, application) }
    }
}
