/// How a scenario file writes one step: the value of its `"step"` key, and how the step is read from its object.
///
/// The name and its reading are one value, so the names a file may use
/// (``Step/names``, the schema's list) and what the reader accepts cannot
/// drift apart. Each group of steps declares its formats beside its steps,
/// and ``all`` registers each group with one line.
struct StepFormat: Sendable {
    /// The value of `"step"` that selects this format.
    let name: String
    /// Reads the step from its object.
    let read: @Sendable (StepObject) throws -> Step

    init(_ name: String, read: @escaping @Sendable (StepObject) throws -> Step) {
        self.name = name
        self.read = read
    }

    /// Every step a scenario may write, group by group: one line each, in the order the schema lists them.
    static let all: [StepFormat] = [
        backgroundTimeSteps,
        codeSteps,
        taskSteps,
        continuedSteps,
        flowSteps,
        pushSteps,
        transferSteps,
    ].flatMap { $0 }

    /// The format of each name.
    static let byName: [String: StepFormat] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

/// The object of one step, as its format reads it.
struct StepObject {
    /// The decoder of the object.
    let decoder: any Decoder
    /// The step's name (`dispatchAsync` and `dispatchSync` share a format's code, for one).
    let name: String

    /// The object's keys, allowing `step`, `note` and `extra`: any other key is an error.
    func keys(_ extra: String...) throws -> KeyedDecodingContainer<AnyKey> {
        try keys(extra)
    }

    /// The object's keys, allowing `step`, `note` and `extra`: any other key is an error.
    func keys(_ extra: [String]) throws -> KeyedDecodingContainer<AnyKey> {
        try decoder.strictContainer(allowing: ["step", "note"] + extra)
    }
}

extension Step: Decodable {
    /// Reads a step by its `"step"` name, with the format that name registered.
    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: AnyKey.self)
        let name = try probe.choice("step", among: Step.names)
        self = try StepFormat.byName[name]!.read(StepObject(decoder: decoder, name: name))
    }
}
