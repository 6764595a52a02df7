import SimulationKernel
import SimulationModel
import Testing

/// Expects that the run broke no rule of at least `severity`; otherwise records one readable issue listing each
/// diagnostic (rule id and name, instant, subject, message and fix), the replay line, and attaches the run's
/// HTML timeline.
///
/// ```swift
/// expectNoDiagnostics(result)                    // none at all
/// expectNoDiagnostics(result, atLeast: .warning) // info is fine
/// ```
public func expectNoDiagnostics(
    _ result: SimulationResult, atLeast severity: Severity = .info, sourceLocation: SourceLocation = #_sourceLocation
) {
    let found = result.diagnostics.filter { $0.severity >= severity }
    guard !found.isEmpty else { return }
    let threshold = severity == .info ? "no diagnostics" : "no diagnostics of severity \(severity.rawValue) or above"
    let message = "Expected \(threshold), found \(found.count):\n" + found.map(FailureReport.describe).joined(separator: "\n")
    FailureReport.record(message, for: result, sourceLocation: sourceLocation)
}

/// Expects the run's diagnostics to be exactly these rules, in order (repeats included).
///
/// ```swift
/// expectDiagnostics(result, ["BGS016"])   // setTaskCompleted called twice, and nothing else
/// ```
public func expectDiagnostics(
    _ result: SimulationResult, _ ruleIDs: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let found = result.diagnostics.map(\.rule.id)
    guard found != ruleIDs else { return }
    let unknown = ruleIDs.filter { Rules.rule(withID: $0) == nil }
    var message = "Expected diagnostics \(ruleIDs.isEmpty ? "none" : ruleIDs.joined(separator: ", ")), found "
        + (found.isEmpty ? "none" : "\(found.count):\n" + result.diagnostics.map(FailureReport.describe).joined(separator: "\n"))
    if !unknown.isEmpty { message += "\n(no rule has the id \(unknown.joined(separator: ", ")): see `bgsim rules`)" }
    FailureReport.record(message, for: result, sourceLocation: sourceLocation)
}

/// Expects the run to have reached its stop time: not stalled (app code waiting for something that never comes),
/// not stopped by a limit.
public func expectCompleted(_ result: SimulationResult, sourceLocation: SourceLocation = #_sourceLocation) {
    guard result.ending != .completed else { return }
    FailureReport.record("Expected the run to complete; it \(FailureReport.describe(result.ending))", for: result, sourceLocation: sourceLocation)
}

/// Expects every launch of the task `identifier` to have ended as `how` (`completed`, `expired`...), with
/// `success` when given, and at least one launch.
///
/// ```swift
/// expectTask("com.example.refresh", in: result, toEnd: .completed, success: true)
/// ```
public func expectTask(
    _ identifier: String, in result: SimulationResult, toEnd how: TaskRecord.Ending, success: Bool? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ends = result.events.compactMap { event -> (VirtualInstant, TaskRecord.End)? in
        guard case .task(.end(let end)) = event.record, end.identifier == identifier else { return nil }
        return (event.time, end)
    }
    guard !ends.isEmpty else {
        FailureReport.record("Expected task \(identifier) to end as \(how.rawValue); it never ran", for: result, sourceLocation: sourceLocation)
        return
    }
    let wrong = ends.filter { $0.1.how != how || (success != nil && $0.1.success != success) }
    guard !wrong.isEmpty else { return }
    let expected = how.rawValue + (success.map { " with success \($0)" } ?? "")
    let lines = wrong.map { time, end in
        "  at \(TimeText.format(time)): ended \(end.how.rawValue), success \(end.success)"
    }
    FailureReport.record(
        "Expected every run of task \(identifier) to end \(expected); \(wrong.count) of \(ends.count) did not:\n" + lines.joined(separator: "\n")
            + (result.diagnostics.isEmpty ? "" : "\ndiagnostics:\n" + result.diagnostics.map(FailureReport.describe).joined(separator: "\n")),
        for: result, sourceLocation: sourceLocation)
}

/// Expects `run` to give the same fingerprint every time: `times` runs one after another, then the same number side
/// by side in a task group. Returns the results of the first batch.
///
/// ```swift
/// await expectSameFingerprint(times: 20) { app.run(timeline, for: .hours(2), seed: 7) }
/// ```
@discardableResult
public func expectSameFingerprint(
    times: Int = 20, sourceLocation: SourceLocation = #_sourceLocation, _ run: @escaping @Sendable () -> SimulationResult
) async -> [SimulationResult] {
    precondition(times > 0, "expectSameFingerprint needs at least one run")
    let sequential = (0..<times).map { _ in run() }
    let parallel = await withTaskGroup(of: (Int, SimulationResult).self) { group in
        for index in 0..<times { group.addTask { (index, run()) } }
        var results = [SimulationResult?](repeating: nil, count: times)
        for await (index, result) in group { results[index] = result }
        return results.compactMap { $0 }
    }
    let first = sequential[0]
    let differing = (sequential + parallel).enumerated().filter { $0.element.fingerprint != first.fingerprint }
    if !differing.isEmpty {
        let which = differing.map { index, result in
            "  \(index < times ? "run \(index + 1)" : "parallel run \(index - times + 1)"): \(result.fingerprint), "
                + "\(result.eventCount) events, diagnostics \(result.diagnostics.map(\.rule.id))"
        }
        FailureReport.record(
            "Expected the same fingerprint \(first.fingerprint) in \(2 * times) runs (\(times) in a row, \(times) side by side); "
                + "\(differing.count) differed:\n" + which.joined(separator: "\n"),
            for: first, sourceLocation: sourceLocation)
    }
    return sequential
}

/// Expects no near miss of a `UIApplicationDelegate` method (see ``DelegateSignatureCheck``); records one issue
/// listing each otherwise.
public func expectNoNearMisses(_ nearMisses: [DelegateSignatureCheck.NearMiss], sourceLocation: SourceLocation = #_sourceLocation) {
    guard !nearMisses.isEmpty else { return }
    Issue.record(
        Comment(rawValue: "\(nearMisses.count) delegate method(s) nearly match Apple's and are never called:\n"
            + nearMisses.map(\.description).joined(separator: "\n")),
        sourceLocation: sourceLocation)
}
