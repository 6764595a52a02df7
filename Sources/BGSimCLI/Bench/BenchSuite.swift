import ScenarioFormat
import SimulationModel
import Foundation

/// Runs every section of the bench in order, on the calling thread (one core).
enum BenchSuite {
    /// Runs the suite; `section` receives the report after each section, for printing as it goes.
    static func run(_ options: BenchOptions, section: (BenchReport, Section) -> Void = { _, _ in }) -> BenchReport {
        let configuration = options.quick ? BenchConfiguration.quick : .full
        var report = BenchReport(
            version: BGSimVersion.current, mode: options.quick ? "quick" : "full", build: buildConfiguration,
            date: today(), machine: machine())
        section(report, .header)
        let total = Stopwatch.time { () -> Void in
            if options.runs(.hold) {
                report.hold = HoldModelBench.run(configuration)
                section(report, .hold)
            }
            if options.runs(.executor) {
                report.executor = ExecutorBench.run(configuration)
                section(report, .executor)
            }
            if options.runs(.scenarios) {
                (report.scenarios, report.skippedScenarios) = ScenarioBench.run(configuration, folder: options.scenarioFolder)
                report.openTasks = OpenTasksBench.run(configuration)
                section(report, .scenarios)
            }
            if options.runs(.acceleration) {
                report.acceleration = TimeAccelerationBench.run(configuration, folder: options.scenarioFolder)
                section(report, .acceleration)
            }
            if options.runs(.memory) {
                report.memory = MemoryBench.run(configuration)
                section(report, .memory)
            }
            if options.runs(.fuzz) {
                report.fuzz = FuzzBench.run(configuration, folder: options.scenarioFolder)
                section(report, .fuzz)
            }
        }
        report.nanoseconds = total.nanoseconds
        report.targets = BenchTargets.check(
            hold: report.hold, executor: report.executor, scenarios: report.scenarios, memory: report.memory)
            + BenchTargets.check(fuzz: report.fuzz)
        section(report, .targets)
        return report
    }

    /// The parts of the report, in the order they are measured.
    enum Section: Sendable {
        case header, hold, executor, scenarios, acceleration, memory, fuzz, targets
    }

    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }

    static func machine() -> BenchReport.Machine {
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return BenchReport.Machine(cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount)
    }
}
