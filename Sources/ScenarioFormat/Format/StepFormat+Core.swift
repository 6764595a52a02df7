/// The formats of the scenario language's own steps: work, time, lanes and locks (``codeSteps``), and flags and
/// control flow (``flowSteps``).
extension StepFormat {
    /// Work, waits, saves, lanes and queues, locks, other actions, logs, and the app's own end.
    static let codeSteps: [StepFormat] = [
        StepFormat("work") { object in
            let c = try object.keys("duration", "jitter", "changesState")
            return .work(
                duration: try c.duration("duration"), jitter: try c.optionalDuration("jitter") ?? .zero,
                changesState: try c.optional(Bool.self, "changesState") ?? true)
        },
        StepFormat("wait") { object in
            let c = try object.keys("duration")
            return .wait(duration: try c.duration("duration"))
        },
        StepFormat("save") { object in
            let c = try object.keys("checkpoint", "duration")
            return .save(checkpoint: try c.required(String.self, "checkpoint"), duration: try c.optionalDuration("duration") ?? .zero)
        },
        StepFormat("async") { object in
            let c = try object.keys("steps")
            return .async(try c.required([Step].self, "steps"))
        },
        StepFormat("dispatchMain") { object in
            let c = try object.keys("delay", "steps")
            return .dispatchMain(delay: try c.optionalDuration("delay") ?? .zero, steps: try c.required([Step].self, "steps"))
        },
        StepFormat("dispatchAsync", read: dispatch),
        StepFormat("dispatchSync", read: dispatch),
        StepFormat("holdLock") { object in .holdLock(try object.keys("lock").required(String.self, "lock")) },
        StepFormat("releaseLock") { object in .releaseLock(try object.keys("lock").required(String.self, "lock")) },
        StepFormat("perform") { object in .perform(action: try object.keys("action").required(String.self, "action")) },
        StepFormat("repeat") { object in
            let c = try object.keys("count", "steps")
            let count = try c.required(Int.self, "count")
            guard (0...1_000_000).contains(count) else {
                throw invalid(c.path("count"), "count must be between 0 and 1000000, got \(count)")
            }
            return .repeating(count: count, steps: try c.required([Step].self, "steps"))
        },
        StepFormat("log") { object in .log(try object.keys("message").required(String.self, "message")) },
        StepFormat("crash") { object in .crash(try object.keys("message").optional(String.self, "message") ?? "the app crashed") },
        StepFormat("exit") { object in
            _ = try object.keys()
            return .exit
        },
    ]

    /// `dispatchAsync` and `dispatchSync`: a block onto a serial queue of the app's.
    private static func dispatch(_ object: StepObject) throws -> Step {
        let c = try object.keys("queue", "steps")
        let queue = try c.required(String.self, "queue")
        guard !queue.isEmpty else {
            throw invalid(c.path("queue"), "the queue's name is empty (write \"main\" for the main queue, or a label such as \"database\")")
        }
        return .dispatch(queue: queue, sync: object.name == "dispatchSync", steps: try c.required([Step].self, "steps"))
    }

    /// Flags, `if` and `while`; `set` also forgets a stored background task identifier (`taskID = .invalid`).
    static let flowSteps: [StepFormat] = [
        StepFormat("set") { object in
            let c = try object.keys("flag", "id", "to")
            switch (c.contains(AnyKey("flag")), c.contains(AnyKey("id"))) {
            case (true, false):
                return .setFlag(try c.required(String.self, "flag"), to: try c.required(Bool.self, "to"))
            case (false, true):
                let value = try c.required(String.self, "to")
                guard value == "invalid" else {
                    throw invalid(c.path("to"), "a stored background task identifier can only be set to \"invalid\" (taskID = .invalid), not \"\(value)\"")
                }
                return .backgroundTime(.setInvalid(variable: try c.required(String.self, "id")))
            default:
                throw invalid(c.codingPath, "set needs either \"flag\" (with \"to\": true or false) or \"id\" (with \"to\": \"invalid\")")
            }
        },
        StepFormat("if") { object in
            let c = try object.keys("condition", "then", "else")
            return .if(
                try c.required(Condition.self, "condition"), then: try c.required([Step].self, "then"),
                otherwise: try c.optional([Step].self, "else") ?? [])
        },
        StepFormat("while") { object in
            let c = try object.keys("condition", "steps")
            return .while(try c.required(Condition.self, "condition"), steps: try c.required([Step].self, "steps"))
        },
    ]
}
