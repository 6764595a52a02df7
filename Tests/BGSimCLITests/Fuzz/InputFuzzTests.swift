import BackgroundSimulation
import Foundation
import SimulationKernel
import Synchronization
import Testing

/// Structure-aware fuzzing of the scenario loader and the trace reader (see FuzzMutator).
///
/// Every input must be read or refused cleanly: no crash, a message that
/// names its place (a path or a line and column for a scenario, a line for
/// a trace), no Swift type name or Foundation wording, no raw control
/// character, a bounded length. A scenario that loads is run, under tight
/// limits, and must end with its trace closed. A trace that reads must read
/// back the same from its own canonical lines.
///
/// CI runs a bounded number of cases; `.ci/fuzz` runs many more in a release
/// build. `BGSIM_FUZZ_SEED` sets the run's seed, `BGSIM_FUZZ_CASES` the
/// number of cases, `BGSIM_FUZZ_CASE` runs one case alone. A failing case
/// is written to a file, whose path the failure prints.
@Suite struct InputFuzzTests {
    /// The seed, the number of cases and the one case to run, from the environment or the defaults.
    struct Configuration {
        var seed: UInt64 = 0xF022_B651
        var cases = 1_000
        var onlyCase: Int?
        /// Whether mutations may loop a million times (`BGSIM_FUZZ_LOOPS=large`, as `.ci/fuzz` does).
        var largeLoops = false

        static let current: Configuration = {
            var configuration = Configuration()
            let environment = ProcessInfo.processInfo.environment
            if let text = environment["BGSIM_FUZZ_SEED"], let seed = UInt64(text) { configuration.seed = seed }
            if let text = environment["BGSIM_FUZZ_CASES"], let cases = Int(text), cases > 0 { configuration.cases = cases }
            if let text = environment["BGSIM_FUZZ_CASE"], let index = Int(text) { configuration.onlyCase = index }
            configuration.largeLoops = environment["BGSIM_FUZZ_LOOPS"] == "large"
            return configuration
        }()

        /// The seed of each case: case `i` is the `i`-th draw of a generator seeded with the run's seed.
        var caseSeeds: [(index: Int, seed: UInt64)] {
            var generator = SeededGenerator(seed: seed)
            let all = (0..<(onlyCase.map { $0 + 1 } ?? cases)).map { (index: $0, seed: generator.next()) }
            return onlyCase.map { index in all.filter { $0.index == index } } ?? all
        }

        func replay(_ suite: String, case index: Int) -> String {
            "BGSIM_FUZZ_SEED=\(seed) BGSIM_FUZZ_CASE=\(index)\(largeLoops ? " BGSIM_FUZZ_LOOPS=large" : "") swift test --filter \(suite)"
        }
    }

    /// Limits that keep a run of a mutated scenario short in a debug build; a runaway meets one within a second.
    static let fuzzLimits = RunLimits(
        maximumEvents: 100_000, maximumJobs: 1_000_000, maximumTraceRecords: 5_000, maximumLiveTasks: 5_000)

    static let sampleTrees: [FuzzJSON] = sampleScenarioPaths.compactMap { path in
        (try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)).flatMap(FuzzJSON.parse)
    }

    static let sampleTraces: [[String]] = sampleScenarioPaths.compactMap { path in
        guard let scenario = try? Scenario.load(from: packageRoot.appendingPathComponent(path).path) else { return nil }
        let lines = Mutex<[String]>([])
        _ = Simulation(scenario: scenario, options: .init(retention: .discard, traceSink: { line in lines.withLock { $0.append(line) } })).run()
        return lines.withLock { $0 }
    }

    @Test func theSamplesAreThere() {
        #expect(Self.sampleTrees.count == sampleScenarioPaths.count && !Self.sampleTrees.isEmpty)
        #expect(Self.sampleTraces.count == sampleScenarioPaths.count)
    }

    @Test func scenarioLoaderReadsOrRefusesEveryMutant() throws {
        let configuration = Configuration.current
        var outcomes = Outcomes()
        let watchdog = FuzzWatchdog(patience: .seconds(10)) { "scenario-\(configuration.seed)-\($0).json" }
        defer { watchdog.stop() }
        for (index, seed) in configuration.caseSeeds {
            var mutator = FuzzMutator(seed: seed, largeLoops: configuration.largeLoops)
            let bytes = mutator.scenario(from: Self.sampleTrees)
            if configuration.onlyCase != nil { print("fuzz: case \(index) is \(try Self.keep(bytes, name: "scenario-\(configuration.seed)-\(index).json"))") }
            let started = ContinuousClock.now
            watchdog.start(index, bytes)
            let problem = Self.checkScenario(bytes, outcomes: &outcomes)
            watchdog.finish()
            outcomes.time(index, since: started)
            if let problem {
                let file = try Self.keep(bytes, name: "scenario-\(configuration.seed)-\(index).json")
                Issue.record("case \(index): \(problem)\ninput: \(file)\nreplay: \(configuration.replay("scenarioLoaderReadsOrRefusesEveryMutant", case: index))")
            }
        }
        print("fuzz: scenario loader, seed \(configuration.seed): \(outcomes)")
        #expect(outcomes.total == configuration.caseSeeds.count)
        #expect(configuration.onlyCase != nil || (outcomes.accepted > 0 && outcomes.refused > 0), "the mutations no longer reach both outcomes")
    }

    @Test func traceReaderReadsOrRefusesEveryMutant() throws {
        let configuration = Configuration.current
        var outcomes = Outcomes()
        let watchdog = FuzzWatchdog(patience: .seconds(10)) { "trace-\(configuration.seed)-\($0).jsonl" }
        defer { watchdog.stop() }
        for (index, seed) in configuration.caseSeeds {
            var mutator = FuzzMutator(seed: seed)
            let bytes = mutator.trace(from: Self.sampleTraces)
            if configuration.onlyCase != nil { print("fuzz: case \(index) is \(try Self.keep(bytes, name: "trace-\(configuration.seed)-\(index).jsonl"))") }
            let started = ContinuousClock.now
            watchdog.start(index, bytes)
            let problem = Self.checkTrace(bytes, outcomes: &outcomes)
            watchdog.finish()
            outcomes.time(index, since: started)
            if let problem {
                let file = try Self.keep(bytes, name: "trace-\(configuration.seed)-\(index).jsonl")
                Issue.record("case \(index): \(problem)\ninput: \(file)\nreplay: \(configuration.replay("traceReaderReadsOrRefusesEveryMutant", case: index))")
            }
        }
        print("fuzz: trace reader, seed \(configuration.seed): \(outcomes)")
        #expect(outcomes.total == configuration.caseSeeds.count)
        #expect(configuration.onlyCase != nil || (outcomes.accepted > 0 && outcomes.refused > 0), "the mutations no longer reach both outcomes")
    }

    // MARK: Checks

    /// How the cases went, for the closing line; the slowest case is reported (for `.ci/fuzz`), never judged.
    struct Outcomes: CustomStringConvertible {
        var accepted = 0
        var refused = 0
        var stoppedByALimit = 0
        var slowest: (index: Int, time: Duration) = (0, .zero)
        var total: Int { accepted + refused }

        mutating func time(_ index: Int, since start: ContinuousClock.Instant) {
            let time = ContinuousClock.now - start
            if time > slowest.time { slowest = (index, time) }
        }

        var description: String {
            "\(total) cases, \(accepted) read (\(stoppedByALimit) of them stopped by a run limit), \(refused) refused cleanly; "
                + "slowest: case \(slowest.index), \(slowest.time.formatted(.units(allowed: [.milliseconds])))"
        }
    }

    /// What is wrong with how `bytes` were read as a scenario, or nil.
    static func checkScenario(_ bytes: [UInt8], outcomes: inout Outcomes) -> String? {
        let scenario: Scenario
        do {
            scenario = try Scenario.decode(Data(bytes), file: "fuzz.json")
        } catch {
            outcomes.refused += 1
            if error.location.isEmpty { return "the message names no place: \(error)" }
            return problem(inMessage: error.location + ": " + error.message)
        }
        outcomes.accepted += 1
        let result = Simulation(scenario: scenario, options: .init(retention: .discard, limits: fuzzLimits)).run()
        if case .limitExceeded = result.ending { outcomes.stoppedByALimit += 1 }
        // The records up to the limit, then the limit's record and run.end.
        if result.eventCount > fuzzLimits.maximumTraceRecords + 3 {
            return "the run wrote \(result.eventCount) trace records past a limit of \(fuzzLimits.maximumTraceRecords)"
        }
        return nil
    }

    /// What is wrong with how `bytes` were read as a trace, or nil.
    static func checkTrace(_ bytes: [UInt8], outcomes: inout Outcomes) -> String? {
        let trace: TraceReader.Trace
        do {
            trace = try TraceReader.read(bytes)
        } catch {
            outcomes.refused += 1
            if error.line == nil && error.reason != "the input has no trace events" {
                return "the message names no line: \(error)"
            }
            return problem(inMessage: error.description)
        }
        outcomes.accepted += 1
        // What was accepted is canonical: written again, it reads back the same.
        let rewritten = trace.events.map(\.jsonLine).joined(separator: "\n") + "\n"
        guard let again = try? TraceReader.read(Array(rewritten.utf8)), again.events == trace.events else {
            return "the events read do not read back the same from their own lines"
        }
        return nil
    }

    /// Words that belong to Swift or Foundation, not to bgsim's formats.
    static let foreignWords = [
        "Dictionary<", "Array<", "Optional<", "Swift.", "UInt64", "Int64", "Double", "not valid JSON", "DecodingError",
        "CodingKeys", "Foundation", "NSCocoaErrorDomain",
    ]

    static func problem(inMessage message: String) -> String? {
        if let word = foreignWords.first(where: message.contains) { return "the message shows \"\(word)\": \(message)" }
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "the message holds a raw control character: \(message.debugDescription)"
        }
        if message.count > 2_000 { return "the message is \(message.count) characters long" }
        return nil
    }

    /// Writes a failing input where a person can find it, and returns the path.
    static func keep(_ bytes: [UInt8], name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bgsim-fuzz")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
