import Foundation

/// The look-alike of Foundation's `URLRequest`, as a background download task takes it.
///
/// On Linux Foundation keeps `URLRequest` in FoundationNetworking, which bgsim
/// does not link; this value carries what the model uses: the URL. Headers,
/// bodies and caching are not modelled.
public struct URLRequest: Sendable, Hashable {
    /// The URL of the request.
    public var url: URL?
    /// The HTTP method; bgsim does not read it.
    public var httpMethod: String? = "GET"
    /// The timeout interval in seconds; bgsim does not read it.
    public var timeoutInterval: TimeInterval

    /// A request for `url`.
    public init(url: URL, timeoutInterval: TimeInterval = 60) {
        self.url = url
        self.timeoutInterval = timeoutInterval
    }
}
