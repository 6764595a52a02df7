/// A value of Info.plist's `UIBackgroundModes`: what the app declares it does in the background.
///
/// The model compares modes, never strings: a task kind names the mode it
/// needs (`.fetch`, `.processing`), silent push needs `.remoteNotification`.
/// Any value an Info.plist may hold is representable, known to bgsim or not
/// (``rawValue`` is the string as written); ``known`` lists the ones Apple
/// documents.
///
/// ```swift
/// let app = AppInfo(bundleIdentifier: "com.example.notes", backgroundModes: [.fetch, .remoteNotification])
/// ```
public struct BackgroundMode: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The value as Info.plist writes it: `fetch`, `remote-notification`.
    public let rawValue: String

    /// The mode written `rawValue` in Info.plist.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The mode written as a literal: `"fetch"`.
    public init(stringLiteral rawValue: String) {
        self.init(rawValue: rawValue)
    }

    /// The value as Info.plist writes it.
    public var description: String { rawValue }

    /// `audio`: playing audio or AirPlay.
    public static let audio = BackgroundMode(rawValue: "audio")
    /// `location`: location updates.
    public static let location = BackgroundMode(rawValue: "location")
    /// `voip`: Voice over IP.
    public static let voip = BackgroundMode(rawValue: "voip")
    /// `external-accessory`: communicating with an accessory.
    public static let externalAccessory = BackgroundMode(rawValue: "external-accessory")
    /// `bluetooth-central`: using Bluetooth LE accessories.
    public static let bluetoothCentral = BackgroundMode(rawValue: "bluetooth-central")
    /// `bluetooth-peripheral`: acting as a Bluetooth LE accessory.
    public static let bluetoothPeripheral = BackgroundMode(rawValue: "bluetooth-peripheral")
    /// `fetch`: background fetch, which `BGAppRefreshTask` needs.
    public static let fetch = BackgroundMode(rawValue: "fetch")
    /// `remote-notification`: silent (background) push.
    public static let remoteNotification = BackgroundMode(rawValue: "remote-notification")
    /// `processing`: `BGProcessingTask`.
    public static let processing = BackgroundMode(rawValue: "processing")
    /// `nearby-interaction`: Nearby Interaction sessions.
    public static let nearbyInteraction = BackgroundMode(rawValue: "nearby-interaction")
    /// `push-to-talk`: the Push to Talk framework.
    public static let pushToTalk = BackgroundMode(rawValue: "push-to-talk")

    /// The modes Apple documents, in the order a scenario's errors list them.
    public static let known: [BackgroundMode] = [
        .audio, .location, .voip, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral, .fetch, .remoteNotification,
        .processing, .nearbyInteraction, .pushToTalk,
    ]
}
