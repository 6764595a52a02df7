/// The app's code as the model calls it: the system's callbacks into one process.
///
/// The look-alike `UIApplicationDelegate` is adapted to it (module
/// PlatformLookalikes), and so is the scenario interpreter, which is a
/// delegate too: the model knows neither.
package protocol AppCode: AnyObject, Sendable {
    /// Runs the app's code for `callback`, on the process's main lane.
    func run(_ callback: AppCallback) async
}

/// Makes the app's code for each new process: a relaunch starts from nothing.
package typealias AppCodeFactory = @Sendable (AppProcess) -> any AppCode
