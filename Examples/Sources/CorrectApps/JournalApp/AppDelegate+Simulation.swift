// bgsim only: the person's taps reach the app through bgsim's SimulatedApplicationDelegate (UIKit has no such
// callback; on iOS the journal's screen calls `journal.write`). Not compiled on iOS.
#if !canImport(UIKit)
import PlatformLookalikes

extension AppDelegate: SimulatedApplicationDelegate {
    /// "write": the person types an entry for three seconds: work that is unsaved until the next save.
    func application(_ application: UIApplication, performUserAction name: String) async {
        guard name == "write" else { return }
        try? await application.simulateWork(for: .seconds(3))
        journal.write("entry \(journal.entries.count + 1)")
    }
}
#endif
