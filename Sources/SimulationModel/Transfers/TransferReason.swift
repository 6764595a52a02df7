extension TransferRecord.State {
    /// Why a background transfer waits, or how it ended without finishing: the `why` of a `transfer.state` record.
    ///
    /// The trace writes ``description``; a failed transfer writes the
    /// client-side error it failed with, as the scenario gave it.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// It waits for its `earliestBeginDate`.
        case earliestBeginDate
        /// It waits for a network.
        case noNetwork
        /// A discretionary transfer waits for Wi-Fi.
        case discretionaryWaitsForWiFi
        /// A discretionary transfer waits for power.
        case discretionaryWaitsForPower
        /// The app cancelled the task (`NSURLErrorCancelled`).
        case cancelledByApp
        /// The person force quit the app (`NSURLErrorCancelled`, `NSURLErrorBackgroundTaskCancelledReasonKey` 0).
        case cancelledByForceQuit
        /// It failed with this client-side error (`NSURLErrorCannotConnectToHost`...).
        case error(String)

        /// The reason in the trace's words.
        public var description: String {
            switch self {
            case .earliestBeginDate: "earliestBeginDate"
            case .noNetwork: "no network"
            case .discretionaryWaitsForWiFi: "discretionary: waits for Wi-Fi"
            case .discretionaryWaitsForPower: "discretionary: waits for power"
            case .cancelledByApp: "NSURLErrorCancelled: the app cancelled the task"
            case .cancelledByForceQuit: "NSURLErrorCancelled: the person force quit the app (NSURLErrorBackgroundTaskCancelledReasonKey 0)"
            case .error(let error): error
            }
        }

        /// The reason a trace writes as `text` for a transfer in `phase`, if it is one: a failed transfer's is its error.
        package init?(_ text: String, phase: TransferRecord.Phase) {
            if phase == .failed {
                self = .error(text)
            } else if let known = Self.known.first(where: { $0.description == text }) {
                self = known
            } else {
                return nil
            }
        }

        private static let known: [Reason] = [
            .earliestBeginDate, .noNetwork, .discretionaryWaitsForWiFi, .discretionaryWaitsForPower, .cancelledByApp,
            .cancelledByForceQuit,
        ]
    }
}

extension TransferRecord.Session {
    /// Why a background session's events wait for the app, or why the app's time for them ran out: the `why` of a
    /// `transfer.session` record.
    public enum Reason: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The person closed the app in the app switcher: no launch for the events until they open it.
        case closedInAppSwitcher
        /// The session's `sessionSendsLaunchEvents` is false: the events wait until the app runs.
        case noLaunchEvents
        /// The app was relaunched for the events and created no session with the identifier in time.
        case sessionNotRecreated
        /// The app did not call the completion handler of `handleEventsForBackgroundURLSession` in time.
        case completionHandlerNotCalled

        /// The reason in the trace's words.
        public var description: String {
            switch self {
            case .closedInAppSwitcher: "the person closed the app in the app switcher: the events wait for the app"
            case .noLaunchEvents: "sessionSendsLaunchEvents is false: the events wait for the app"
            case .sessionNotRecreated: "no session with this identifier was created"
            case .completionHandlerNotCalled: "the completion handler was not called"
            }
        }

        /// The reason a trace writes as `text`, if it is one.
        package init?(_ text: String) {
            guard let reason = Self.allCases.first(where: { $0.description == text }) else { return nil }
            self = reason
        }
    }
}
