import Foundation
import Testing

/// Checks that `property` holds for values from `generator`, and records a shrunk, replayable issue when it does not.
///
/// Runs `iterations` cases, each generated from a case seed derived from the
/// run seed. The run seed is `seed` if given, else the decimal value of the
/// environment variable `BGSIM_PROPERTY_SEED`, else
/// ``PropertyCheck/defaultSeed``: never the time, so CI runs are
/// reproducible. `BGSIM_PROPERTY_CASE=<case seed>` runs one case alone.
///
/// The property fails by returning `false` or by throwing. On the first
/// failure the value is shrunk to a simpler one that still fails, and one
/// issue is recorded at the call site with the property's name, the original
/// and shrunk values, the case seed and a command that replays it.
///
/// ```swift
/// @Test func sortingKeepsTheElements() {
///     checkProperty("sorted keeps every element", Generator.int(in: -50...50).array(length: 0...20)) { numbers in
///         numbers.sorted().count == numbers.count
///     }
/// }
/// ```
///
/// - Parameters:
///   - name: What the property claims, for the failure message.
///   - seed: A fixed run seed, overriding `BGSIM_PROPERTY_SEED`.
///   - iterations: How many cases to run.
///   - generator: The generator of the cases.
///   - sourceLocation: Where to record the failure.
///   - property: Returns whether the property holds for a case.
public func checkProperty<Value>(
    _ name: String? = nil,
    seed: UInt64? = nil,
    iterations: Int = 200,
    _ generator: Generator<Value>,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ property: (Value) throws -> Bool
) {
    let seeds: PropertyCheck.Seeds
    do {
        seeds = try PropertyCheck.seeds(explicit: seed, environment: ProcessInfo.processInfo.environment)
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
        return
    }
    guard
        let failure = PropertyCheck.run(
            seed: seeds.run, iterations: iterations, onlyCase: seeds.onlyCase, generator, property)
    else { return }
    let message = PropertyCheck.message(
        for: failure, propertyName: name, seeds: seeds, iterations: iterations,
        testFilter: Test.current.map(PropertyCheck.filter(for:)))
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Checks an unnamed property; the same as `checkProperty(nil, ...)`.
///
/// ```swift
/// checkProperty(.int(in: 0...100)) { $0 * 2 >= $0 }
/// ```
public func checkProperty<Value>(
    seed: UInt64? = nil,
    iterations: Int = 200,
    _ generator: Generator<Value>,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ property: (Value) throws -> Bool
) {
    checkProperty(nil, seed: seed, iterations: iterations, generator, sourceLocation: sourceLocation, property)
}

extension PropertyCheck {
    /// The failure report: what failed, for which values, and how to run it again.
    static func message<Value>(
        for failure: PropertyFailure<Value>, propertyName: String?, seeds: Seeds, iterations: Int, testFilter: String?
    ) -> String {
        let title = propertyName.map { "Property \"\($0)\"" } ?? "Property"
        let which =
            seeds.onlyCase == nil ? "on case \(failure.passedCases + 1) of \(iterations)" : "on the single case asked for"
        var lines = [
            "\(title) failed \(which) (case seed \(failure.caseSeed)).",
            "original: \(String(describing: failure.original))",
            "shrunk:   \(String(describing: failure.shrunk)) "
                + "(\(failure.shrinkSteps) shrink steps, \(failure.shrinkAttempts) candidates tried)",
        ]
        if let error = failure.error {
            lines.append("threw:    \(String(describing: error))")
        }
        let filter = testFilter.map { " --filter \($0)" } ?? ""
        if seeds.runSeedIsExplicit {
            lines.append("replay: swift test\(filter)  (the run seed \(failure.runSeed) is fixed in the test)")
        } else {
            lines.append("replay: \(seedVariable)=\(failure.runSeed) swift test\(filter)")
        }
        lines.append("this case alone: \(caseVariable)=\(failure.caseSeed) swift test\(filter)")
        return lines.joined(separator: "\n")
    }

    /// A `swift test --filter` argument that selects `test`, quoted for the shell.
    static func filter(for test: Test) -> String {
        var components = test.id.nameComponents
        if let last = components.last, let parenthesis = last.firstIndex(of: "(") {
            components[components.count - 1] = String(last[..<parenthesis])
        }
        let pattern = components.isEmpty ? test.name : components.joined(separator: "/")
        return "'" + pattern.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
