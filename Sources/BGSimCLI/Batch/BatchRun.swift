import SimulationModel
import SimulationReports
import SimulationSupport

/// `bgsim run` over many scenario files (or with `--quiet`, `--junit`, `--sarif`): each run, then a summary line.
///
/// Each scenario prints what `bgsim run` prints for it alone (or, with
/// `--quiet`, one line; with `--format json`, its JSON object on one line,
/// and a last line `{"schemaVersion":1,"summary":{...}}`), then one line counts them as `swift test` does:
/// "16 scenarios, 1 failed". The exit code is the worst of the files: 65 if
/// one could not be read, else 1 if one failed, else 0. The JUnit and SARIF
/// files are opened before the first run and written whole at the end.
struct BatchRun {
    var command: RunCommand

    func execute(console: Console) -> Int32 {
        let options = command.options
        var junitFile: AtomicFile?
        var sarifFile: AtomicFile?
        do {
            junitFile = try options.junitPath.flatMap { path throws(AtomicFile.WriteError) in path == "-" ? nil : try AtomicFile(path: path) }
            sarifFile = try options.sarifPath.flatMap { path throws(AtomicFile.WriteError) in path == "-" ? nil : try AtomicFile(path: path) }
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
        // With `--junit -` or `--sarif -`, standard output carries that document and the rest goes to standard error.
        let text = options.junitPath == "-" || options.sarifPath == "-" ? console.outputToError : console
        var outcomes: [ScenarioOutcome] = []
        var status = ExitCode.success
        // JSON is JSON Lines here: one object per scenario on one line, then the summary's object.
        let oneLine = options.quiet || options.format == .json
        for path in options.scenarioPaths {
            let (runStatus, outcome) = command.runOne(path, console: text, quiet: oneLine)
            if runStatus == ExitCode.cannotWrite || runStatus == ExitCode.usage { return runStatus }
            outcomes.append(outcome)
            status = Self.worse(status, runStatus)
            if oneLine { text.out(Self.line(outcome, format: options.format) + "\n") }
        }
        GitHubAnnotations.print(outcomes, environment: command.environment, format: options.format, console: text)
        switch options.format {
        case .text: text.out(Self.summary(outcomes) + "\n")
        case .json: text.out(Self.summaryJSON(outcomes).rendered(indent: 0) + "\n")
        }
        let documents: [(AtomicFile?, String?, String)] = [
            (junitFile, options.junitPath, options.junitPath == nil ? "" : Self.junit(outcomes)),
            (sarifFile, options.sarifPath, options.sarifPath == nil ? "" : SARIFReport.render(outcomes)),
        ]
        let files = documents.compactMap { $0.0 }
        for (file, path, content) in documents where path != nil {
            if let file { file.write(content) } else { console.out(content) }
        }
        do {
            for file in files { try file.finish() }
            for file in files { try file.commit() }
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
        return status
    }

    /// The more serious of two exit codes: an unreadable file over a failed run over success.
    static func worse(_ a: Int32, _ b: Int32) -> Int32 {
        func rank(_ code: Int32) -> Int { code == ExitCode.invalidScenario ? 2 : code == ExitCode.success ? 0 : 1 }
        return rank(a) >= rank(b) ? a : b
    }

    /// The `--quiet` line of one scenario: `PASS file (name)`, or `FAIL file: reasons`; with `--format json`, the run's JSON on one line.
    static func line(_ outcome: ScenarioOutcome, format: OutputFormat) -> String {
        if format == .json {
            if let result = outcome.result {
                return RunSummary.json(
                    result, scenarioPath: outcome.input.name, replay: outcome.replay,
                    failures: outcome.verdict?.diagnosticFailures ?? []).rendered(indent: 0)
            }
            if let error = outcome.error { return ErrorReport(error: error, input: outcome.input).json.rendered(indent: 0) }
        }
        if outcome.passed { return "PASS  \(outcome.input.name)" }
        if outcome.error != nil { return "ERROR \(outcome.input.name): \(outcome.failures.joined(separator: "; "))" }
        return "FAIL  \(outcome.input.name): \(outcome.failures.joined(separator: "; "))"
    }

    /// "16 scenarios, 1 failed" (and how many could not be read), as `swift test` sums up.
    static func summary(_ outcomes: [ScenarioOutcome]) -> String {
        let invalid = outcomes.filter { $0.error != nil }.count
        let failed = outcomes.filter { !$0.passed && $0.error == nil }.count
        var line = "\(outcomes.count) scenario\(outcomes.count == 1 ? "" : "s"), \(failed) failed"
        if invalid > 0 { line += ", \(invalid) could not be read" }
        return line
    }

    /// The summary as a JSON object, the last line of `--format json` with many files.
    static func summaryJSON(_ outcomes: [ScenarioOutcome]) -> JSONValue {
        let invalid = outcomes.filter { $0.error != nil }.count
        let failed = outcomes.filter { !$0.passed && $0.error == nil }.count
        return .object([
            ("schemaVersion", .int(RunSummary.schemaVersion)),
            ("summary", .object([
                ("scenarios", .int(Int64(outcomes.count))), ("failed", .int(Int64(failed))), ("unreadable", .int(Int64(invalid))),
                ("passed", .int(Int64(outcomes.count - failed - invalid))),
            ])),
        ])
    }

    /// JUnit: one suite, one test case per scenario; a failure's message is its first reason and its body every reason and the replay line.
    static func junit(_ outcomes: [ScenarioOutcome]) -> String {
        let cases = outcomes.map { outcome in
            let name = outcome.scenario?.name ?? outcome.input.name
            var test = JUnitXML.TestCase(classname: "bgsim.run", name: "\(name) (\(outcome.input.name))")
            if !outcome.passed {
                var body = outcome.failures.map { "✗ \($0)\n" }.joined()
                if !outcome.replay.isEmpty { body += "replay: \(outcome.replay)\n" }
                test.failure = (outcome.failures.first ?? "failed", outcome.error == nil ? "failed" : "invalid", body)
            }
            return test
        }
        return JUnitXML(name: "bgsim run", suites: [JUnitXML.Suite(name: "bgsim run", cases: cases)]).rendered()
    }
}
