import SimulationModel
extension Expectations {
    /// Checks each expectation against a run, in a fixed order.
    func check(against result: SimulationResult) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        let fired = Set(result.diagnostics.map(\.rule.id)).sorted()
        if let diagnostics {
            let expected = Set(diagnostics).sorted()
            results.append(ExpectationResult(
                expectation: expected.isEmpty ? "no diagnostics" : "diagnostics exactly \(expected.joined(separator: ", "))",
                passed: expected == fired,
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
        return results
    }
}
