/// The person's records: the timeline's entries as they happen, and those that did not apply.
public enum PersonRecord: Sendable, Hashable {
    /// `user.action`: a timeline entry happens (the person, or the system acting for the scenario).
    case action(Action)
    /// `user.actionIgnored`: the last action did not apply, and why.
    case actionIgnored(ActionIgnored)

    /// The kinds of the person's records, spelled as trace lines write them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case action = "user.action"
        case actionIgnored = "user.actionIgnored"
    }

    /// The record's kind.
    package var kind: Kind {
        switch self {
        case .action: .action
        case .actionIgnored: .actionIgnored
        }
    }
}

extension PersonRecord: FeatureRecord {
    func encode(to fields: inout TraceFieldWriter) {
        switch self {
        case .action(let record): record.encode(to: &fields)
        case .actionIgnored(let record): record.encode(to: &fields)
        }
    }

    init(kind: Kind, from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        switch kind {
        case .action: self = .action(try Action(from: &fields))
        case .actionIgnored: self = .actionIgnored(try ActionIgnored(from: &fields))
        }
    }
}

extension PersonRecord {
    /// `user.action`: a timeline entry happens (the person, or the system acting for the scenario).
    public struct Action: Sendable, Hashable {
        /// Which action.
        public var action: UserAction.Name
        /// The scenario's comment, if it has one.
        public var note: String?
        /// The app action a `tap` runs.
        public var run: String?
        /// The task a `cancelLiveActivity` or `answerPrompt` names, if it names one.
        public var identifier: String?
        /// The answer of an `answerPrompt`.
        public var answer: PromptAnswer?
        /// The build an `updateApp` installs.
        public var build: String?

        /// The record of `action` with its `note`.
        package init(_ action: UserAction, note: String?) {
            self.action = action.name
            self.note = note
            switch action {
            case .person(.tap(let name)):
                run = name
            case .continued(.cancelLiveActivity(let identifier)):
                self.identifier = identifier
            case .continued(.answerPrompt(let identifier, let answer)):
                self.identifier = identifier
                self.answer = answer
            case .install(.updateApp(let build)):
                self.build = build
            default:
                break
            }
        }
    }

    /// `user.actionIgnored`: the last action did not apply, and why.
    public struct ActionIgnored: Sendable, Hashable {
        /// Why, in words.
        public var why: String

        /// Creates the record.
        init(why: String) {
            self.why = why
        }
    }
}

extension PersonRecord.Action: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("action", action)
        fields.add("answer", ifPresent: answer)
        fields.add("build", ifPresent: build)
        fields.add("identifier", ifPresent: identifier)
        fields.add("note", ifPresent: note)
        fields.add("run", ifPresent: run)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        action = try fields.choice("action")
        note = try fields.stringIfPresent("note")
        run = try fields.stringIfPresent("run")
        identifier = try fields.stringIfPresent("identifier")
        answer = try fields.choiceIfPresent("answer")
        build = try fields.stringIfPresent("build")
    }
}

extension PersonRecord.ActionIgnored: TracePayload {
    func encode(to fields: inout TraceFieldWriter) {
        fields.add("why", why)
    }

    init(from fields: inout TraceFieldReader) throws(TraceDecodingError) {
        why = try fields.string("why")
    }
}
