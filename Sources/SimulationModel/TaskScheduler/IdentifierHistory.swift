import SimulationKernel

/// What the system remembers of an identifier across processes and builds: who last submitted it, and which
/// processes registered a handler for it. BGS013 reads it to say why a process has no handler.
struct IdentifierHistory {
    /// A submission the system accepted.
    struct Submission {
        var process: Int
        var build: String
        var at: VirtualInstant
    }

    /// A registration a process made.
    struct Registration {
        var process: Int
        var build: String
        /// Whether the process had finished launching (a scene's `willConnect`, a tap, a view).
        var afterLaunch: Bool
        var at: VirtualInstant
    }

    /// The last accepted submission of each identifier.
    private(set) var submissions: [String: Submission] = [:]
    /// The registrations of each identifier, oldest first.
    private(set) var registrations: [String: [Registration]] = [:]

    mutating func submitted(_ identifier: String, _ submission: Submission) {
        submissions[identifier] = submission
    }

    mutating func registered(_ identifier: String, _ registration: Registration) {
        registrations[identifier, default: []].append(registration)
    }
}

/// BGS013's message and fix for the case: "No launch handler registered", and why this process has none, from what
/// the system remembers (trust findings 4.1 item 2).
struct NoLaunchHandlerCase {
    /// The platform's words, then what the trace knows of the case.
    let message: String
    /// What to change for this case; nil: the rule's fix.
    let fix: String?

    init(_ request: TaskRequest, atSubmit: Bool, in process: AppProcess, history: IdentifierHistory) {
        let identifier = request.identifier
        let reason = "No launch handler registered for task with identifier \(identifier)"
        let app = process.system.appInfo
        let earlier = (history.registrations[identifier] ?? []).filter { $0.process < process.number }
        if request.kind == .continuedProcessing {
            if let entry = PermittedIdentifiers(app: app, profile: process.profile).wildcardEntry(matching: identifier) {
                message = "\(reason): it falls under the wildcard entry \(entry), which permits such identifiers but registers none"
                fix = "\(identifier) was submitted without a handler: register that identifier in the same action, before submit "
                    + "(register(forTaskWithIdentifier: \"\(identifier)\", using: nil) { ... }, then submit): a per-job identifier "
                    + "cannot be registered at launch, and the wildcard entry only permits it."
            } else {
                message = "\(reason): this process did not register it before submitting it"
                fix = "Register \(identifier) in the same action, before submitting it."
            }
            return
        }
        if !atSubmit, let submission = history.submissions[identifier], submission.build != app.build,
           !earlier.contains(where: { $0.build == app.build }) {
            message = "\(reason): build \(submission.build) submitted it at \(TimeText.format(submission.at)) (app #\(submission.process)); "
                + "the request outlived the update, and build \(app.build) registers no handler for it"
            fix = "Keep registering \(identifier) at launch in this build (a handler that completes at once is enough), and cancel "
                + "its request (cancel(taskRequestWithIdentifier: \"\(identifier)\")): a request an older build submitted stays "
                + "pending across the update."
            return
        }
        if let late = earlier.last(where: \.afterLaunch), !earlier.contains(where: { !$0.afterLaunch }) {
            let later = app.usesScenes ? "in scene(_:willConnectTo:options:) or later" : "on the person's action or later"
            message = "\(reason): app #\(late.process) registered it only after its launch had finished "
                + "(at \(TimeText.format(late.at)), \(later)), and this \(atSubmit ? "process" : "background launch") ran no such code"
            fix = app.usesScenes
                ? "Register \(identifier) in application(_:didFinishLaunchingWithOptions:), before it returns: no scene connects "
                    + "for a background launch, so code in scene(_:willConnectTo:options:) does not run."
                : "Register \(identifier) in application(_:didFinishLaunchingWithOptions:), before it returns: code that runs "
                    + "later (a tap, a view) does not run in a background launch."
            return
        }
        let flagText = "Register \(identifier) at launch unconditionally (in application(_:didFinishLaunchingWithOptions:)); "
            + "let the flag or setting decide only whether to submit."
        if let registeredAtLaunch = earlier.last(where: { !$0.afterLaunch }) {
            message = "\(reason): app #\(registeredAtLaunch.process) registered it at launch and this launch did not: "
                + "what decides the registration (a flag, a setting) changed"
            fix = flagText
            return
        }
        if atSubmit {
            message = "\(reason): this process registered no handler for it before submitting it"
            fix = flagText
            return
        }
        message = reason
        fix = nil
    }
}
