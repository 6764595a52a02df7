/// Info.plist's `BGTaskSchedulerPermittedIdentifiers`, read the way the system reads them.
///
/// Refresh and processing identifiers must be listed exactly. Continued
/// processing identifiers (iOS 26) are listed exactly too (Apple's WWDC25
/// sample), or fall under a wildcard entry `<bundle id>.<context>.*`, so
/// that each job can have its own suffix (iOS 26.1's
/// `_BGTaskIdentifierRegistry`: the wildcard string itself is not one):
/// Apple, `BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:)`:
/// the identifier's prefix "must at least contain the bundle ID of the
/// submitting application, followed by optional semantic context".
struct PermittedIdentifiers {
    let entries: [String]
    let bundleIdentifier: String
    /// Whether the OS reads wildcards at all (iOS 26 and later).
    let wildcards: Bool

    init(app: AppInfo, profile: PlatformProfile) {
        entries = app.permittedIdentifiers
        bundleIdentifier = app.bundleIdentifier
        wildcards = profile.supportsContinuedProcessing
    }

    /// Whether `identifier` may be submitted as a continued processing request: listed exactly, or under a wildcard entry.
    func permitsContinued(_ identifier: String) -> Bool {
        !isWildcardEntry(identifier) && (listsExactly(identifier) || wildcardEntry(matching: identifier) != nil)
    }

    /// Whether `identifier` is listed exactly (refresh and processing tasks).
    func listsExactly(_ identifier: String) -> Bool {
        entries.contains(identifier)
    }

    /// The wildcard entry `identifier` falls under, if any: the entry itself, or any non-empty suffix after its `.`.
    func wildcardEntry(matching identifier: String) -> String? {
        guard wildcards else { return nil }
        return entries.first { entry in
            guard let prefix = Self.prefix(ofWildcard: entry), prefix.hasPrefix(bundleIdentifier + ".") else { return false }
            return identifier == entry || (identifier.hasPrefix(prefix) && identifier.count > prefix.count)
        }
    }

    /// Whether `identifier` is itself a wildcard entry of the list (`com.example.export.*`), as the system reads them.
    func isWildcardEntry(_ identifier: String) -> Bool {
        guard wildcards, entries.contains(identifier), let prefix = Self.prefix(ofWildcard: identifier) else { return false }
        return prefix.hasPrefix(bundleIdentifier + ".")
    }

    /// The wildcard entries that do not start with the bundle identifier: the system ignores them.
    var foreignWildcards: [String] {
        entries.filter { entry in
            guard let prefix = Self.prefix(ofWildcard: entry) else { return false }
            return !prefix.hasPrefix(bundleIdentifier + ".")
        }
    }

    /// `com.example.export.` for `com.example.export.*`; nil for an entry that is not a wildcard.
    static func prefix(ofWildcard entry: String) -> String? {
        guard entry.hasSuffix(".*"), entry.count > 2 else { return nil }
        return String(entry.dropLast())
    }

    /// What to change when a continued processing identifier is not permitted (BGS010's fix for the case).
    func fixNotPermitted(continued identifier: String) -> String {
        if isWildcardEntry(identifier), let prefix = Self.prefix(ofWildcard: identifier) {
            return "Submit the job's own identifier, \(prefix)<n>, registered just before on the person's action; "
                + "the wildcard entry only permits such identifiers."
        }
        if let foreign = foreignWildcards.first {
            return "Start the wildcard entry with the bundle identifier: \(bundleIdentifier).<context>.* (not \(foreign)), "
                + "and submit identifiers under it."
        }
        return "Add a wildcard entry \(bundleIdentifier).<context>.* that \(identifier) falls under to "
            + "BGTaskSchedulerPermittedIdentifiers, or list \(identifier) exactly."
    }

    /// Why a continued processing identifier is not permitted, in words.
    func whyNotPermitted(continued identifier: String) -> String {
        if isWildcardEntry(identifier) {
            return "\(identifier) is the wildcard entry itself; submit an identifier under it, such as \(Self.prefix(ofWildcard: identifier) ?? "")1"
        }
        if let foreign = foreignWildcards.first {
            return "no wildcard entry of BGTaskSchedulerPermittedIdentifiers matches \(identifier) (\(foreign) does not start with the bundle identifier \(bundleIdentifier))"
        }
        return "no wildcard entry \(bundleIdentifier).<context>.* of BGTaskSchedulerPermittedIdentifiers matches \(identifier)"
    }
}
