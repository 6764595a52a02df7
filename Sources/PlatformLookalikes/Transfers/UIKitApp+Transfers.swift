import SimulationModel

/// A background session's events: the app delegate's `handleEventsForBackgroundURLSession`, then the session
/// delegate's methods, or the scenario interpreter's handlers.
extension UIKitApp {
    func run(_ callback: TransferCallback) async {
        switch callback {
        case .handleEventsForBackgroundURLSession(let session):
            let handler = Self.eventsCompletionHandler(session: session, application)
            if let simulated {
                nonisolated(unsafe) let delegate = simulated
                await delegate.application(application, handleEventsForBackgroundURLSession: session, completionHandler: handler)
                return
            }
            let delegate = UncheckedSendable(delegate)
            let application = self.application
            await Self.synchronously("application(_:handleEventsForBackgroundURLSession:completionHandler:)", application, default: ()) {
                delegate.value.application(application, handleEventsForBackgroundURLSession: session, completionHandler: handler)
            }
        case .didFinishDownloading, .didCompleteWithError, .urlSessionDidFinishEvents:
            if await deliverToSession(callback) { return }
            nonisolated(unsafe) let delegate = simulated
            await (delegate as? any SessionEventReceiver)?.sessionEvent(application, callback)
        }
    }

    /// Calls the delegate of the look-alike `URLSession` the event is for, as a synchronous delegate method; false when
    /// the process's code created no such session object (the scenario interpreter never does).
    @discardableResult
    private func deliverToSession(_ callback: TransferCallback) async -> Bool {
        guard let call = URLSession.delegateCall(for: callback, in: application) else { return false }
        await Self.synchronously(call.name, application, default: ()) { call.body() }
        return true
    }

    /// The completion handler `handleEventsForBackgroundURLSession` gives: it tells the transfer service.
    private static func eventsCompletionHandler(session: String, _ application: UIApplication) -> @Sendable () -> Void {
        let reference = application.reference
        return {
            guard let process = reference.process, process.acceptsAppCall("handleEventsForBackgroundURLSession completionHandler") else { return }
            process.system.service(BackgroundTransfers.self).eventsCompletionCalled(session: session, in: process)
        }
    }
}

/// bgsim: a delegate that also hears a background session's delegate events (the scenario interpreter, whose steps
/// create no look-alike `URLSession`).
package protocol SessionEventReceiver: Sendable {
    /// Runs the app's code for a session event.
    func sessionEvent(_ application: UIApplication, _ callback: TransferCallback) async
}
