import Foundation

extension BGTaskScheduler {
    /// The domain of the scheduler's errors, `BGTaskSchedulerErrorDomain`.
    public static let errorDomain = "BGTaskSchedulerErrorDomain"

    /// The look-alike of `BGTaskScheduler.Error`: why a submission failed.
    ///
    /// ```swift
    /// do {
    ///     try BGTaskScheduler.shared.submit(request)
    /// } catch let error as BGTaskScheduler.Error where error.code == .immediateRunIneligible {
    ///     showNotStartedMessage()
    /// }
    /// ```
    public struct Error: CustomNSError, Hashable, Sendable {
        /// `BGTaskScheduler.Error.Code`: the scheduler's error codes, with Apple's raw values.
        public enum Code: Int, Sendable, Hashable {
            /// Background tasks are unavailable (for example in an app extension, or Background App Refresh is off).
            case unavailable = 1
            /// Too many pending requests of this type.
            case tooManyPendingTaskRequests = 2
            /// The identifier is not permitted, or the background mode is missing.
            case notPermitted = 3
            /// A continued processing request with strategy `.fail` could not begin at once (iOS 26).
            case immediateRunIneligible = 4
        }

        /// Why the submission failed.
        public var code: Code

        /// Creates an error with a code.
        public init(_ code: Code) {
            self.code = code
        }

        /// `BGTaskSchedulerErrorDomain`.
        public static var errorDomain: String { BGTaskScheduler.errorDomain }
        /// The code's raw value.
        public var errorCode: Int { code.rawValue }
        /// No user info.
        public var errorUserInfo: [String: Any] { [:] }

        /// `BGTaskScheduler.Error.Code.unavailable`.
        public static var unavailable: Code { .unavailable }
        /// `BGTaskScheduler.Error.Code.tooManyPendingTaskRequests`.
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        /// `BGTaskScheduler.Error.Code.notPermitted`.
        public static var notPermitted: Code { .notPermitted }
        /// `BGTaskScheduler.Error.Code.immediateRunIneligible`.
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}
