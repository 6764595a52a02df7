import ScenarioFormat
import SimulationModel

/// What `bgsim run` made of one scenario file: its error, or its run and verdict.
struct ScenarioOutcome {
    /// The file (or standard input) and its bytes.
    var input: ScenarioInput {
        didSet { locator = input.locator }
    }
    /// Where each value of the file is, scanned once for every line a report asks for.
    private(set) var locator: JSONLocator
    /// The scenario, when it loaded.
    var scenario: Scenario?
    /// The run, when there was one.
    var result: SimulationResult?
    /// Why the file could not be run.
    var error: ScenarioError?
    /// Whether the run passed, and why not.
    var verdict: RunVerdict?
    /// The command that replays the run.
    var replay = ""

    init(input: ScenarioInput, error: ScenarioError? = nil) {
        self.input = input
        self.locator = input.locator
        self.error = error
    }

    /// Whether the scenario ran and passed.
    var passed: Bool { error == nil && verdict?.passed == true }

    /// Every reason it failed, in words: the reader's error, failed expectations, a bad ending, diagnostics that fail it.
    var failures: [String] {
        if let error { return [error.locatedMessage] }
        return verdict?.failures ?? []
    }

    /// The 1-based line of a place in the file, the path the reader's messages use, when the file has it.
    func line(of path: String) -> Int? {
        locator.position(of: path)?.line
    }

    /// The line of the timeline entry in force at `time`: the last at or before it, the best place a diagnostic can point to.
    func line(at time: Int64) -> Int? {
        guard let scenario else { return nil }
        guard let index = scenario.timeline.lastIndex(where: { $0.at.wholeNanoseconds <= time }) else { return line(of: "timeline") }
        return line(of: scenario.sourcePath(ofTimelineEntry: index))
    }
}

extension ScenarioError {
    /// The message with its place in the file, without the file.
    var locatedMessage: String { location.isEmpty ? message : "\(location): \(message)" }
}

extension ScenarioInput {
    /// Where an error of the reader is: its own line and column for broken JSON, else the place its path names.
    func position(of error: ScenarioError) -> JSONLocator.Position? {
        let words = error.location.split(separator: " ")
        if words.count == 4, words[0] == "line", words[2] == "column",
           let line = Int(words[1].dropLast()), let column = Int(words[3]) {
            return JSONLocator.Position(line: line, column: column)
        }
        return error.location.isEmpty ? nil : locator.position(of: error.location)
    }
}
