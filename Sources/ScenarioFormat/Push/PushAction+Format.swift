import SimulationModel

/// The push actions in a scenario's timeline.
extension PushAction {
    /// The keys an entry of `name` may have besides `at`, `action` and `note`.
    static func keys(_ name: Name) -> [String] {
        switch name {
        case .push: ["contentAvailable", "pushType", "priority"]
        case .dropPush: []
        case .delayPush: ["by"]
        }
    }

    /// The action `name`, read from its timeline entry.
    init(_ name: Name, from c: KeyedDecodingContainer<AnyKey>) throws {
        switch name {
        case .dropPush: self = .dropPush
        case .delayPush: self = .delayPush(by: try c.duration("by"))
        case .push:
            let type = c.contains(AnyKey("pushType"))
                ? RemoteNotification.PushType(rawValue: try c.choice("pushType", among: RemoteNotification.PushType.allCases.map(\.rawValue)))!
                : .background
            // APNs: "If you omit this header, APNs sets the notification priority to 10."
            let priority = try c.optional(Int.self, "priority") ?? 10
            guard RemoteNotification.priorities.contains(priority) else {
                throw invalid(c.path("priority"), "apns-priority is 10, 5 or 1, not \(priority)")
            }
            self = .push(RemoteNotification(
                contentAvailable: try c.optional(Bool.self, "contentAvailable") ?? false, pushType: type, priority: priority))
        }
    }
}
