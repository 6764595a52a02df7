import SimulationKernel
import SimulationModel

/// A timeline entry as a scenario file writes it: `{"at": "10s", "action": "goHome", "note": "..."}`.
struct TimelineEntryFormat: Decodable {
    /// The entry read.
    let entry: TimelineEntry

    init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: AnyKey.self)
        let name = try probe.choice("action", among: UserAction.names)
        let extra: [String] = switch name {
        case "tap": ["run"]
        case "conditions": DeviceConditions.changeableKeys
        case "simulateLaunch", "simulateExpiration", "expireTask", "cancelLiveActivity": ["identifier"]
        case "answerPrompt": ["identifier", "answer"]
        case "updateApp": ["build"]
        case "push": ["contentAvailable", "pushType", "priority"]
        case "delayPush": ["by"]
        default: []
        }
        let c = try decoder.strictContainer(allowing: ["at", "action", "note"] + extra)
        let at = try c.duration("at")
        let note = try c.optional(String.self, "note")
        let action: UserAction
        switch name {
        case "launch": action = .launch
        case "backgroundLaunch": action = .backgroundLaunch
        case "goHome": action = .goHome
        case "returnToApp": action = .returnToApp
        case "lock": action = .lock
        case "unlock": action = .unlock
        case "swipeAway": action = .swipeAway
        case "memoryPressure": action = .memoryPressure
        case "openControlCenter": action = .openControlCenter
        case "closeControlCenter": action = .closeControlCenter
        case "conditions":
            let change = try ConditionChange(from: c, deviceOnly: false)
            if change == ConditionChange() {
                throw invalid(c.codingPath, "a conditions action must change something: "
                    + DeviceConditions.changeableKeys.joined(separator: ", ") + " (lock with the lock action)")
            }
            action = .conditions(change)
        case "simulateLaunch": action = .simulateLaunch(identifier: try c.required(String.self, "identifier"))
        case "simulateExpiration": action = .simulateExpiration(identifier: try c.required(String.self, "identifier"))
        case "expireTask": action = .expireTask(identifier: try c.required(String.self, "identifier"))
        case "cancelLiveActivity": action = .cancelLiveActivity(identifier: try c.optional(String.self, "identifier"))
        case "answerPrompt":
            let answer = PromptAnswer(rawValue: try c.choice("answer", among: PromptAnswer.allCases.map(\.rawValue)))!
            action = .answerPrompt(identifier: try c.optional(String.self, "identifier"), answer: answer)
        case "resourcePressure": action = .resourcePressure
        case "updateApp": action = .updateApp(build: try c.required(String.self, "build"))
        case "dropPush": action = .dropPush
        case "delayPush": action = .delayPush(by: try c.duration("by"))
        case "push":
            let type = c.contains(AnyKey("pushType"))
                ? RemoteNotification.PushType(rawValue: try c.choice("pushType", among: RemoteNotification.PushType.allCases.map(\.rawValue)))!
                : .background
            // APNs: "If you omit this header, APNs sets the notification priority to 10."
            let priority = try c.optional(Int.self, "priority") ?? 10
            guard RemoteNotification.priorities.contains(priority) else {
                throw invalid(c.path("priority"), "apns-priority is 10, 5 or 1, not \(priority)")
            }
            action = .push(RemoteNotification(
                contentAvailable: try c.optional(Bool.self, "contentAvailable") ?? false, pushType: type, priority: priority))
        default: action = .tap(action: try c.required(String.self, "run"))
        }
        entry = TimelineEntry(at: .nanoseconds(at), action: action, note: note)
    }
}
