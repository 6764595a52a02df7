/// A remote notification as APNs sends it to the device: what decides whether the app is woken for it.
///
/// Apple, "Pushing background updates to your App": a background
/// notification's `aps` dictionary "includes only the `content-available`
/// key", its request carries `apns-push-type: background` and
/// `apns-priority: 5`.
public struct RemoteNotification: Sendable, Hashable {
    /// The `apns-push-type` header.
    public enum PushType: String, Sendable, Hashable, CaseIterable {
        /// Content delivered in the background, with no user interaction.
        case background
        /// An alert, sound or badge; with `content-available: 1` it also wakes the app.
        case alert
    }

    /// Whether the `aps` dictionary has `content-available: 1`.
    public var contentAvailable: Bool
    /// The `apns-push-type` header.
    public var pushType: PushType
    /// The `apns-priority` header: 10 (immediately), 5 (power considerations) or 1 (never wake the device).
    public var priority: Int

    /// The priorities APNs accepts.
    public static let priorities = [1, 5, 10]

    /// A notification; by default a correct background push (content-available, push type background, priority 5).
    public init(contentAvailable: Bool = true, pushType: PushType = .background, priority: Int = 5) {
        self.contentAvailable = contentAvailable
        self.pushType = pushType
        self.priority = priority
    }
}

/// The result a silent push handler reports (`UIBackgroundFetchResult`).
public enum BackgroundFetchResult: String, Sendable, Hashable, CaseIterable {
    case newData
    case noData
    case failed
}
