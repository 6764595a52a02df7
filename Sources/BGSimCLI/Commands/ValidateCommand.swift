import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationReports
import SimulationSupport

/// `bgsim validate`: checks scenario files without running them, reporting every error with its line and column.
struct ValidateCommand {
    var options: ValidateOptions

    func execute(console: Console) -> Int32 {
        var failed = false
        var documents: [JSONValue] = []
        for path in options.scenarioPaths {
            var scenario: Scenario?
            var errors: [ErrorCollector.Located] = []
            var name = path == "-" ? ScenarioInput.standardInputName : path
            do {
                let input = try ScenarioInput.read(path, console: console)
                name = input.name
                (scenario, errors) = ErrorCollector.collect(input)
                // In the order of the file, as a compiler lists them; errors with no place keep their order, last.
                errors = errors.enumerated().sorted { a, b in
                    let x = a.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
                    let y = b.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
                    return x != y ? x < y : a.offset < b.offset
                }.map(\.element)
            } catch {
                errors = [ErrorCollector.Located(error: error, position: nil)]
            }
            if !errors.isEmpty { failed = true }
            switch options.format {
            case .text:
                if let scenario, errors.isEmpty {
                    console.out("\(name): ok (\"\(scenario.name)\", \(scenario.timeline.count) timeline entries, \(scenario.app.actions.count) actions)\n")
                }
                for located in errors { console.error(Self.line(located) + "\n") }
            case .json:
                documents.append(.object([
                    ("file", .string(name)), ("valid", .bool(errors.isEmpty)),
                    ("scenario", scenario.map { .string($0.name) } ?? .null),
                    ("errors", .array(errors.map { located in
                        ErrorReport(error: located.error, input: ScenarioInput(path: path, bytes: []), position: located.position).json
                    })),
                ]))
            }
        }
        if options.format == .json {
            console.out(JSONValue.object([("schemaVersion", .int(RunSummary.schemaVersion)), ("files", .array(documents))]).rendered() + "\n")
        }
        return failed ? ExitCode.invalidScenario : ExitCode.success
    }

    /// `file:line:column: error: message (at path)`, the form compilers use, so that editors jump to the place.
    static func line(_ located: ErrorCollector.Located) -> String {
        let error = located.error
        var place = error.file
        if let position = located.position { place += ":\(position.line):\(position.column)" }
        let isPath = !error.location.isEmpty && !error.location.hasPrefix("line ")
        return "\(place): error: \(error.message)" + (isPath ? " (at \(error.location))" : "")
    }
}
