import SimulationKernel
import SimulationModel
extension Expectations {
    /// Checks each expectation against a run, in a fixed order.
    func check(against result: SimulationResult) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        let fired = Set(result.diagnostics.map(\.rule.id)).sorted()
        if diagnostics != nil || allowedDiagnostics != nil {
            let expected = Set(diagnostics ?? []).sorted()
            let allowed = Set(allowedDiagnostics ?? []).sorted()
            var words = expected.isEmpty ? "no diagnostics" : "diagnostics exactly \(expected.joined(separator: ", "))"
            if !allowed.isEmpty { words += " (\(allowed.joined(separator: ", ")) allowed)" }
            results.append(ExpectationResult(
                expectation: words,
                passed: expected == fired.filter { !allowed.contains($0) || expected.contains($0) },
                actual: fired.isEmpty ? "none" : fired.joined(separator: ", ")))
        }
        if let maximumSeverity {
            let worst = result.maximumSeverity
            results.append(ExpectationResult(
                expectation: "no diagnostic above \(maximumSeverity.rawValue)",
                passed: worst.map { $0 <= maximumSeverity } ?? true,
                actual: worst.map { "worst was \($0.rawValue)" } ?? "no diagnostics"))
        }
        if let terminations {
            let actual = result.terminations.map(\.rawValue)
            results.append(ExpectationResult(
                expectation: terminations.isEmpty ? "the app is never terminated" : "terminations \(terminations.map(\.rawValue).joined(separator: ", "))",
                passed: actual == terminations.map(\.rawValue),
                actual: actual.isEmpty ? "never terminated" : actual.joined(separator: ", ")))
        }
        if let saved {
            let missing = saved.filter { !result.saved.contains($0) }
            var names: [String] = []
            for checkpoint in result.saved.checkpoints where !names.contains(checkpoint.name) { names.append(checkpoint.name) }
            results.append(ExpectationResult(
                expectation: "saved \(saved.joined(separator: ", "))",
                passed: missing.isEmpty,
                actual: names.isEmpty ? "nothing saved" : "saved \(names.joined(separator: ", "))"))
        }
        if let notSaved {
            let saved = notSaved.filter { result.saved.contains($0) }
            results.append(ExpectationResult(
                expectation: "not saved \(notSaved.joined(separator: ", "))",
                passed: saved.isEmpty,
                actual: saved.isEmpty ? "none of them saved" : "saved \(saved.joined(separator: ", "))"))
        }
        if let finalState {
            results.append(ExpectationResult(
                expectation: "final state \(finalState.rawValue)", passed: result.finalState.name == finalState,
                actual: result.finalState.name.rawValue))
        }
        if let outputs {
            let actual = outputs.map { result.saved.output(named: $0.name)?.state.rawValue ?? "none" }
            let describe = { (states: [String]) in
                zip(outputs, states).map { "\($0.name) \($1)" }.joined(separator: ", ")
            }
            results.append(ExpectationResult(
                expectation: "outputs \(describe(outputs.map(\.state)))", passed: actual == outputs.map(\.state),
                actual: describe(actual)))
        }
        for task in tasks ?? [] {
            results.append(check(task, against: result.taskRuns))
        }
        return results
    }

    /// Checks one identifier's runs: each part given must hold for every run.
    private func check(_ task: TaskExpectation, against runs: [TaskRun]) -> ExpectationResult {
        let mine = runs.filter { task.matches($0.identifier) }
        var expected: [String] = []
        var actual: [String] = []
        var passed = true
        if let count = task.runs {
            expected.append("\(count) run(s)")
            passed = passed && mine.count == count
        }
        actual.append("\(mine.count) run(s)")
        if let ended = task.ended {
            expected.append("ended \(ended)")
            passed = passed && !mine.isEmpty && mine.allSatisfy { ($0.how?.rawValue ?? "running") == ended }
        }
        if let success = task.success {
            expected.append("success \(success)")
            passed = passed && !mine.isEmpty && mine.allSatisfy { $0.success == success }
        }
        if let within = task.endedWithin {
            expected.append("each within \(TimeText.formatExact(within))")
            passed = passed && !mine.isEmpty && mine.allSatisfy { run in run.endedAt.map { $0 - run.startedAt <= within } ?? false }
        }
        for run in mine {
            let how = run.how?.rawValue ?? "running"
            let success = run.success.map { ", success \($0)" } ?? ""
            let after = run.endedAt.map { " after \(TimeText.format($0 - run.startedAt))" } ?? ""
            actual.append("\(run.identifier) \(how)\(success)\(after)")
        }
        return ExpectationResult(
            expectation: "task \(task.identifier): \(expected.isEmpty ? "anything" : expected.joined(separator: ", "))",
            passed: passed, actual: actual.joined(separator: "; "))
    }
}
