import Foundation

/// The look-alike of Foundation's `URLSessionConfiguration`: the background configuration only.
///
/// A background configuration hands the session's transfers to the system
/// (in bgsim, the `BackgroundTransfers` service), which moves the bytes out
/// of process on the virtual clock. Foreground configurations (`.default`,
/// `.ephemeral`) are not modelled.
///
/// ```swift
/// let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.podcasts.downloads")
/// configuration.isDiscretionary = false
/// configuration.sessionSendsLaunchEvents = true
/// ```
public final class URLSessionConfiguration: @unchecked Sendable {
    /// The background session's identifier: the app uses it again to recreate the session after a relaunch.
    public let identifier: String?
    /// Whether the system may wait for better conditions (in bgsim: Wi-Fi and power, assumed). Default false.
    public var isDiscretionary = false
    /// Whether the system wakes or launches the app in the background when the session's tasks are done. Default true.
    public var sessionSendsLaunchEvents = true

    private init(identifier: String?) {
        self.identifier = identifier
    }

    /// A configuration whose transfers go on while the app is suspended or terminated by the system.
    public class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        URLSessionConfiguration(identifier: identifier)
    }
}
