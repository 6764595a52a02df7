import SimulationKernel
import SimulationModel

/// A step of background `URLSession` transfers: sessions, downloads, and the handlers' duties.
public enum TransferStep: Sendable, Hashable {
    /// `URLSession(configuration: .background(withIdentifier:), delegate:)`: creates (or, after a relaunch,
    /// recreates) the background session.
    case createSession(BackgroundSessionConfiguration)
    /// `session.downloadTask(with:)` and `resume()`; `earliestBegin` counts from the moment of creation.
    case downloadTask(session: String, bytes: Int64, earliestBegin: VirtualDuration?, error: String?)
    /// In `didFinishDownloadingTo`: moves the file to the app's container, saved as `checkpoint`.
    case moveDownloadedFile(checkpoint: String)
    /// Calls the completion handler `handleEventsForBackgroundURLSession` gave (stored by the app for its session).
    case callBackgroundEventsCompletion(session: String)
}

extension StepFormat {
    /// `createSession` (or `recreateSession`, the same step), `downloadTask`, `moveDownloadedFile` and
    /// `callBackgroundEventsCompletion`.
    static let transferSteps: [StepFormat] = [
        StepFormat("createSession", read: session),
        StepFormat("recreateSession", read: session),
        StepFormat("downloadTask") { object in
            let c = try object.keys("session", "bytes", "earliestBegin", "error")
            let bytes = try c.required(Int64.self, "bytes")
            guard bytes > 0 else { throw invalid(c.path("bytes"), "bytes must be 1 or more, got \(bytes)") }
            return .transfer(.downloadTask(
                session: try c.required(String.self, "session"), bytes: bytes, earliestBegin: try c.optionalDuration("earliestBegin"),
                error: try c.optional(String.self, "error")))
        },
        StepFormat("moveDownloadedFile") { object in
            .transfer(.moveDownloadedFile(checkpoint: try object.keys("checkpoint").required(String.self, "checkpoint")))
        },
        StepFormat("callBackgroundEventsCompletion") { object in
            .transfer(.callBackgroundEventsCompletion(session: try object.keys("session").required(String.self, "session")))
        },
    ]

    private static func session(_ object: StepObject) throws -> Step {
        let c = try object.keys("identifier", "isDiscretionary", "sessionSendsLaunchEvents")
        return .transfer(.createSession(BackgroundSessionConfiguration(
            identifier: try c.required(String.self, "identifier"), isDiscretionary: try c.optional(Bool.self, "isDiscretionary") ?? false,
            sendsLaunchEvents: try c.optional(Bool.self, "sessionSendsLaunchEvents") ?? true)))
    }
}

extension Step {
    /// Creates or recreates a background session (see ``TransferStep/createSession(_:)``).
    public static func createSession(_ configuration: BackgroundSessionConfiguration) -> Step {
        .transfer(.createSession(configuration))
    }

    /// Starts a download (see ``TransferStep/downloadTask(session:bytes:earliestBegin:error:)``).
    public static func downloadTask(session: String, bytes: Int64, earliestBegin: VirtualDuration?, error: String?) -> Step {
        .transfer(.downloadTask(session: session, bytes: bytes, earliestBegin: earliestBegin, error: error))
    }

    /// Moves the downloaded file (see ``TransferStep/moveDownloadedFile(checkpoint:)``).
    public static func moveDownloadedFile(checkpoint: String) -> Step {
        .transfer(.moveDownloadedFile(checkpoint: checkpoint))
    }

    /// Calls the stored events completion handler (see ``TransferStep/callBackgroundEventsCompletion(session:)``).
    public static func callBackgroundEventsCompletion(session: String) -> Step {
        .transfer(.callBackgroundEventsCompletion(session: session))
    }
}
