import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationSupport

/// Every figure of one bench run, and its text and JSON forms.
struct BenchReport: Sendable {
    /// Where the figures were measured.
    struct Machine: Sendable {
        /// The CPU model, from /proc/cpuinfo where there is one.
        var cpu: String
        /// Processors online; the bench uses one.
        var cores: Int
    }

    var version: String
    /// `full` or `quick`.
    var mode: String
    /// `release` or `debug`: only release figures compare with the targets.
    var build: String
    /// The day of the run, `YYYY-MM-DD`, in UTC.
    var date: String
    var machine: Machine
    var hold: [HoldModelBench.Figure] = []
    var executor: [ExecutorBench.Figure] = []
    var scenarios: [ScenarioBench.Figure] = []
    var skippedScenarios: [ScenarioBench.Skipped] = []
    var openTasks: [OpenTasksBench.Figure] = []
    var acceleration: [TimeAccelerationBench.Figure] = []
    var memory: [MemoryBench.Figure] = []
    var fuzz: [FuzzBench.Figure] = []
    var targets: [BenchTargets.Check] = []
    /// Wall time of the whole bench.
    var nanoseconds: Int64 = 0

    /// Whether targets are judged: only the full suite in a release build measures what they mean.
    var judgesTargets: Bool { mode == "full" && build == "release" }

    // MARK: Text

    func headerText() -> String {
        var text = "bgsim \(version) bench · \(mode) · \(build) build · \(date) · \(machine.cpu) · "
            + "\(machine.cores) core\(machine.cores == 1 ? "" : "s") (one used)\n"
        if build != "release" {
            text += "Warning: a debug build; measure with `swift build -c release` for figures worth comparing.\n"
        }
        if mode == "quick" { text += "Quick smoke version: tiny sizes, one trial, targets not judged.\n" }
        return text
    }

    func holdText() -> String {
        "\n(a) Kernel: hold model (pop the earliest event, push one 1-2 ms later)\n"
            + BenchText.table(
                ["variant", "pending", "events", "time", "events/s"],
                hold.map { figure in
                    [figure.variant, BenchText.count(figure.pending), BenchText.count(figure.events),
                     BenchText.duration(figure.nanoseconds), BenchText.rate(figure.eventsPerSecond)]
                }) + "\n"
    }

    func executorText() -> String {
        "\n(b) Executor: suspend/resume pairs (kernel.spawn, clock.sleep in a loop)\n"
            + BenchText.table(
                ["tasks", "pairs", "time", "pairs/s", "per pair"],
                executor.map { figure in
                    [BenchText.count(figure.tasks), BenchText.count(figure.pairs), BenchText.duration(figure.nanoseconds),
                     BenchText.rate(figure.pairsPerSecond),
                     BenchText.duration(figure.nanoseconds / Int64(max(1, figure.pairs)))]
                }) + "\n"
    }

    func scenariosText() -> String {
        var text = "\n(c) Whole model: sample scenarios, trace kept or discarded\n"
        if scenarios.isEmpty && skippedScenarios.isEmpty {
            text += "  no scenario files found\n"
        } else if !scenarios.isEmpty {
            text += BenchText.table(
                ["scenario", "trace", "runs/s", "per run", "trace ev/s", "kernel ev/s", "ev/run"],
                scenarios.map { figure in
                    [BenchText.scenarioName(figure.file), figure.retention, BenchText.rate(figure.runsPerSecond),
                     BenchText.duration(figure.nanosecondsPerRun), BenchText.rate(figure.traceEventsPerSecond),
                     BenchText.rate(figure.kernelEventsPerSecond), "\(figure.traceEventsPerRun)"]
                }) + "\n"
            for figure in scenarios where !figure.deterministic {
                text += "  NOT DETERMINISTIC: \(figure.file) gave different fingerprints across runs\n"
            }
        }
        for skipped in skippedScenarios { text += "  skipped \(skipped.file): \(skipped.reason)\n" }
        text += "\n    Cost as work in flight grows: K background tasks open at once\n"
        text += BenchText.table(
            ["open tasks", "trace ev/run", "kernel ev/run", "per run", "per task"],
            openTasks.map { figure in
                [BenchText.count(figure.openTasks), BenchText.count(figure.traceEventsPerRun),
                 BenchText.count(figure.kernelEventsPerRun), BenchText.duration(figure.nanosecondsPerRun),
                 BenchText.duration(figure.nanosecondsPerTask)]
            }, indent: "    ") + "\n"
        return text
    }

    func accelerationText() -> String {
        "\n(d) Time acceleration: long runs (the life of an app: launches, saves, refreshes)\n"
            + BenchText.table(
                ["scenario", "days", "wall time", "sim s/wall s", "trace events", "trace ev/s"],
                acceleration.map { figure in
                    [figure.scenario, BenchText.count(figure.days), BenchText.duration(figure.nanoseconds),
                     BenchText.rate(figure.acceleration), BenchText.count(figure.traceEvents),
                     BenchText.rate(figure.traceEventsPerSecond)]
                }) + "\n"
    }

    func memoryText() -> String {
        var text = "\n(e) Peak memory of one run per process (VmHWM), by trace handling\n"
        var rows: [[String]] = []
        for figure in memory {
            guard let sample = figure.sample else {
                text += "  \(figure.trace) \(BenchText.count(figure.events)): \(figure.failure ?? "failed")\n"
                continue
            }
            rows.append([
                figure.trace, BenchText.count(sample.traceEvents), BenchText.mebibytes(sample.peakKiB),
                BenchText.mebibytes(sample.baselineKiB), BenchText.duration(sample.wallNanoseconds),
                sample.traceBytes > 0 ? BenchText.mebibytes(sample.traceBytes / 1024) : "-",
                figure.isolated ? "" : "in-process",
            ])
        }
        if !rows.isEmpty {
            text += BenchText.table(
                ["trace", "trace events", "peak", "before run", "wall time", "file", ""], rows, leftAligned: [6]) + "\n"
        }
        return text
    }

    func fuzzText() -> String {
        var text = "\n(f) Fuzz campaigns: small sample scenarios, trace discarded, properties checked, no shrinking\n"
        guard !fuzz.isEmpty else { return text + "  no small scenario found\n" }
        let speedups = FuzzBench.speedups(fuzz)
        text += BenchText.table(
            ["scenario", "jobs", "runs", "wall", "runs/s", "cpu", "runs/cpu s", "failed", "2 jobs / 1"],
            fuzz.map { figure in
                let speedup = figure.jobs == 2 ? speedups.first { $0.file == figure.file }.map { FuzzBench.ratio($0.hundredths) } ?? "" : ""
                return [BenchText.scenarioName(figure.file), "\(figure.jobs)", BenchText.count(figure.runs),
                        BenchText.duration(figure.nanoseconds), BenchText.rate(figure.runsPerSecond),
                        BenchText.duration(figure.cpuNanoseconds), BenchText.rate(figure.runsPerCPUSecond),
                        BenchText.count(figure.failed), speedup]
            }) + "\n"
        for figure in fuzz where !figure.sameAsOneJob {
            text += "  NOT DETERMINISTIC: \(figure.file) gave another result with \(figure.jobs) jobs than with 1\n"
        }
        return text
    }

    func targetsText() -> String {
        var text = "\nTargets (release, one core)"
        text += judgesTargets ? "\n" : ": not judged in a \(mode == "quick" ? "--quick" : build) run\n"
        text += BenchText.table(
            ["measure", "target", judgesTargets ? "result" : "", "measured"],
            targets.map { check in
                [check.name, check.target, judgesTargets ? (check.met ? "met" : "MISSED") : "", check.measured]
            }, leftAligned: [1, 2, 3]) + "\n"
        text += "\nTotal wall time \(BenchText.duration(nanoseconds))\n"
        return text
    }

    // MARK: JSON

    var json: JSONValue {
        func int(_ value: Int) -> JSONValue { .int(Int64(value)) }
        return .object([
            ("version", .string(version)), ("mode", .string(mode)), ("build", .string(build)), ("date", .string(date)),
            ("machine", .object([("cpu", .string(machine.cpu)), ("cores", int(machine.cores))])),
            ("wallNanoseconds", .int(nanoseconds)),
            ("holdModel", .array(hold.map { figure in
                .object([
                    ("variant", .string(figure.variant)), ("pending", int(figure.pending)), ("events", int(figure.events)),
                    ("nanoseconds", .int(figure.nanoseconds)), ("eventsPerSecond", .int(figure.eventsPerSecond)),
                ])
            })),
            ("executor", .array(executor.map { figure in
                .object([
                    ("tasks", int(figure.tasks)), ("pairs", int(figure.pairs)), ("nanoseconds", .int(figure.nanoseconds)),
                    ("pairsPerSecond", .int(figure.pairsPerSecond)),
                ])
            })),
            ("scenarios", .array(scenarios.map(\.json))),
            ("skippedScenarios", .array(skippedScenarios.map { skipped in
                .object([("file", .string(skipped.file)), ("reason", .string(skipped.reason))])
            })),
            ("openTasks", .array(openTasks.map { figure in
                .object([
                    ("openTasks", int(figure.openTasks)), ("runs", int(figure.runs)),
                    ("nanoseconds", .int(figure.nanoseconds)), ("nanosecondsPerRun", .int(figure.nanosecondsPerRun)),
                    ("nanosecondsPerTask", .int(figure.nanosecondsPerTask)),
                    ("traceEventsPerRun", int(figure.traceEventsPerRun)),
                    ("kernelEventsPerRun", int(figure.kernelEventsPerRun)),
                ])
            })),
            ("timeAcceleration", .array(acceleration.map { figure in
                .object([
                    ("scenario", .string(figure.scenario)), ("days", int(figure.days)),
                    ("simulatedSeconds", .int(figure.simulatedSeconds)), ("nanoseconds", .int(figure.nanoseconds)),
                    ("simulatedSecondsPerWallSecond", .int(figure.acceleration)),
                    ("traceEvents", int(figure.traceEvents)), ("traceEventsPerSecond", .int(figure.traceEventsPerSecond)),
                    ("kernelEvents", int(figure.kernelEvents)), ("diagnostics", int(figure.diagnostics)),
                    ("ending", .string(figure.ending)),
                ])
            })),
            ("memory", .array(memory.map(\.json))),
            ("fuzz", .array(fuzz.map { figure in
                .object([
                    ("file", .string(figure.file)), ("jobs", int(figure.jobs)), ("runs", int(figure.runs)),
                    ("nanoseconds", .int(figure.nanoseconds)), ("runsPerSecond", .int(figure.runsPerSecond)),
                    ("cpuNanoseconds", .int(figure.cpuNanoseconds)), ("runsPerCPUSecond", .int(figure.runsPerCPUSecond)),
                    ("failed", int(figure.failed)), ("digest", .string(String(figure.digest, radix: 16))),
                    ("sameAsOneJob", .bool(figure.sameAsOneJob)),
                ])
            })),
            ("targetsJudged", .bool(judgesTargets)),
            ("targets", .array(targets.map { check in
                .object([
                    ("name", .string(check.name)), ("target", .string(check.target)),
                    ("measured", .string(check.measured)), ("met", .bool(check.met)),
                ])
            })),
        ])
    }
}

extension ScenarioBench.Figure {
    var json: JSONValue {
        func int(_ value: Int) -> JSONValue { .int(Int64(value)) }
        return .object([
            ("file", .string(file)), ("retention", .string(retention)), ("runs", int(runs)),
            ("nanoseconds", .int(nanoseconds)), ("runsPerSecond", .int(runsPerSecond)),
            ("nanosecondsPerRun", .int(nanosecondsPerRun)),
            ("traceEventsPerRun", int(traceEventsPerRun)),
            ("traceEventsPerSecond", .int(traceEventsPerSecond)),
            ("kernelEventsPerRun", int(kernelEventsPerRun)),
            ("kernelEventsPerSecond", .int(kernelEventsPerSecond)),
            ("fingerprint", .string(fingerprint)), ("deterministic", .bool(deterministic)),
        ])
    }
}

extension MemoryBench.Figure {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("trace", .string(trace)), ("events", .int(Int64(events))), ("isolated", .bool(isolated)),
        ]
        if let sample {
            members += [
                ("peakKiB", .int(sample.peakKiB)), ("baselineKiB", .int(sample.baselineKiB)),
                ("traceEvents", .int(Int64(sample.traceEvents))), ("kernelEvents", .int(Int64(sample.kernelEvents))),
                ("traceBytes", .int(sample.traceBytes)), ("wallNanoseconds", .int(sample.wallNanoseconds)),
                ("fingerprint", .string(sample.fingerprint)),
            ]
        }
        if let failure { members.append(("failure", .string(failure))) }
        return .object(members)
    }
}
