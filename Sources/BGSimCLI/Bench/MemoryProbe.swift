import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import Foundation
import SimulationReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One long run whose peak memory is measured: the child-process side of the memory section.
///
/// `bgsim bench` starts `bgsim __bench-memory <trace> <events> <file>` once
/// per case, so that each peak belongs to one run alone. The subcommand is
/// not listed in help: it is part of the bench, not of the tool's interface.
enum MemoryProbe {
    /// The hidden subcommand.
    static let commandName = "__bench-memory"

    /// What happens to the trace.
    enum TraceMode: String, CaseIterable, Sendable {
        /// Written line by line to a file, and not kept.
        case streamed
        /// Neither kept nor written: only fingerprinted.
        case discarded
        /// Kept in memory, as `bgsim run` does (for contrast).
        case kept
    }

    /// What the run did and how much memory it took.
    struct Sample: Sendable, Equatable {
        /// Peak resident memory of the process (VmHWM), in KiB.
        var peakKiB: Int64
        /// Resident memory just before the run, in KiB.
        var baselineKiB: Int64
        var traceEvents: Int
        var kernelEvents: Int
        /// Bytes of trace written to the file (0 unless streamed).
        var traceBytes: Int64
        var wallNanoseconds: Int64
        var fingerprint: String

        /// One line of `key=value` pairs, for the parent to read.
        var line: String {
            "peakKiB=\(peakKiB) baselineKiB=\(baselineKiB) traceEvents=\(traceEvents) kernelEvents=\(kernelEvents) "
                + "traceBytes=\(traceBytes) wallNanoseconds=\(wallNanoseconds) fingerprint=\(fingerprint)"
        }

        init(
            peakKiB: Int64, baselineKiB: Int64, traceEvents: Int, kernelEvents: Int, traceBytes: Int64,
            wallNanoseconds: Int64, fingerprint: String
        ) {
            self.peakKiB = peakKiB
            self.baselineKiB = baselineKiB
            self.traceEvents = traceEvents
            self.kernelEvents = kernelEvents
            self.traceBytes = traceBytes
            self.wallNanoseconds = wallNanoseconds
            self.fingerprint = fingerprint
        }

        /// Reads ``line`` back; nil when a field is missing.
        init?(line: String) {
            var fields: [(String, String)] = []
            for pair in line.split(separator: " ") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields.append((String(parts[0]), String(parts[1]))) }
            }
            func value(_ key: String) -> String? { fields.first { $0.0 == key }?.1 }
            guard let peak = value("peakKiB").flatMap({ Int64($0) }),
                  let baseline = value("baselineKiB").flatMap({ Int64($0) }),
                  let traceEvents = value("traceEvents").flatMap({ Int($0) }),
                  let kernelEvents = value("kernelEvents").flatMap({ Int($0) }),
                  let traceBytes = value("traceBytes").flatMap({ Int64($0) }),
                  let wall = value("wallNanoseconds").flatMap({ Int64($0) }),
                  let fingerprint = value("fingerprint")
            else { return nil }
            self.init(
                peakKiB: peak, baselineKiB: baseline, traceEvents: traceEvents, kernelEvents: kernelEvents,
                traceBytes: traceBytes, wallNanoseconds: wall, fingerprint: fingerprint)
        }
    }

    /// Trace events written by one iteration of the workload's loop.
    static let traceEventsPerIteration = 5

    /// A busy app whose run writes about `events` trace events, with a scenario of constant size.
    ///
    /// Launched once, it loops: begin a background task, do 1 ms of CPU work,
    /// wait 1 ms, log, end the task. No save: the saved checkpoints are the
    /// run's result and grow with their number (see docs/performance.md).
    static func workload(events: Int) -> Scenario {
        let iterations = max(1, events / traceEventsPerIteration)
        let millisecond: VirtualDuration = .milliseconds(1)
        let app = AppDefinition(
            bundleIdentifier: "com.example.busy",
            handlers: [(callback: .didFinishLaunching, action: "loop")],
            actions: [
                "loop": [
                    .repeating(count: iterations, steps: [
                        .beginBackgroundTask(
                            variable: "job", name: "Job", onExpiration: .steps([.endBackgroundTask(variable: nil)])),
                        .work(duration: millisecond, jitter: .zero, changesState: false),
                        .wait(duration: millisecond),
                        .log("tick"),
                        .endBackgroundTask(variable: "job"),
                    ]),
                ],
            ])
        return Scenario(
            name: "memory-\(events)", seed: 1, stopAt: (millisecond * Int64(iterations) * 2 + .seconds(60)).duration, app: app,
            timeline: [TimelineEntry(at: .zero, action: .launch)])
    }

    /// `bgsim __bench-memory <mode> <events> <trace file>`: runs the workload and prints a ``Sample`` line.
    static func main(_ arguments: [String], console: Console) -> Int32 {
        guard arguments.count == 3, let mode = TraceMode(rawValue: arguments[0]), let events = Int(arguments[1]),
              events > 0
        else {
            console.error("bgsim: error: usage: bgsim \(commandName) streamed|discarded|kept <events> <trace file>\n")
            return ExitCode.usage
        }
        do {
            let sample = try measure(mode: mode, events: events, tracePath: arguments[2])
            console.out(sample.line + "\n")
            return ExitCode.success
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.cannotWrite
        }
    }

    /// Runs the workload in this process and reads its peak memory.
    static func measure(mode: TraceMode, events: Int, tracePath: String) throws(AtomicFile.WriteError) -> Sample {
        let scenario = workload(events: events)
        var traceFile: AtomicFile?
        var sink: (@Sendable (String) -> Void)?
        if mode == .streamed {
            let file = try AtomicFile(path: tracePath)
            traceFile = file
            sink = { line in file.writeLine(line) }
        }
        let baseline = Self.residentKiB()
        // The bench asks for runs longer than the default trace limit: that is what it measures.
        let limits = RunLimits(maximumTraceRecords: .max)
        let options = Simulation.Options(retention: mode == .kept ? .keep : .discard, traceSink: sink, limits: limits)
        let measured = Stopwatch.time { Simulation(scenario: scenario, options: options).run() }
        try traceFile?.commit()
        let bytes = mode == .streamed
            ? ((try? FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int64) ?? 0) : 0
        let peak = Self.peakKiB()
        withExtendedLifetime(measured.result) {}
        return Sample(
            peakKiB: peak, baselineKiB: baseline, traceEvents: measured.result.eventCount,
            kernelEvents: measured.result.kernelEventCount, traceBytes: bytes, wallNanoseconds: measured.nanoseconds,
            fingerprint: measured.result.fingerprint.description)
    }

    /// The process's peak resident memory in KiB: VmHWM on Linux, `ru_maxrss` elsewhere.
    static func peakKiB() -> Int64 {
        if let value = statusField("VmHWM:") { return value }
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int64(usage.ru_maxrss) / 1024  // bytes on Darwin
        #elseif canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int64(usage.ru_maxrss)  // KiB on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int64(usage.ru_maxrss)
        #endif
    }

    /// The process's resident memory now, in KiB (0 where /proc is missing).
    static func residentKiB() -> Int64 {
        statusField("VmRSS:") ?? 0
    }

    /// Resets the peak to the current resident memory (Linux 4.0 and later); false where that is impossible.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func statusField(_ name: String) -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int64(digits)
        }
        return nil
    }
}
