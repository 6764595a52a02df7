import Foundation
import SimulationKernel
import SimulationModel
import SimulationReports
import SimulationSupport

/// `bgsim diff A B`: where two traces first differ, and what changed, read with the typed trace reader.
struct DiffCommand {
    var first: String
    var second: String

    func execute(console: Console) -> Int32 {
        if first == "-" && second == "-" {
            console.error("bgsim: error: standard input (-) can be read only once\nRun \"bgsim diff --help\" for usage.\n")
            return ExitCode.usage
        }
        let a: TraceFile
        let b: TraceFile
        do {
            a = try TraceInput.read(first, console: console)
            b = try TraceInput.read(second, console: console)
        } catch {
            console.error("bgsim: error: \(error)\n")
            return ExitCode.invalidScenario
        }
        let nameA = TraceInput.name(first)
        let nameB = TraceInput.name(second)
        guard let report = Self.difference(a.events, b.events, names: (nameA, nameB)) else {
            console.out("\(nameA) and \(nameB) are the same: \(a.events.count) events, fingerprint \(a.fingerprint)\n")
            return ExitCode.success
        }
        console.out(report)
        return ExitCode.expectationsFailed
    }

    /// The first difference in words, or nil when the traces are the same event for event.
    static func difference(_ a: [TraceEvent], _ b: [TraceEvent], names: (String, String)) -> String? {
        let common = min(a.count, b.count)
        guard let index = (0..<common).first(where: { a[$0] != b[$0] }) else {
            guard a.count != b.count else { return nil }
            let (longer, name, extra) = a.count > b.count ? (a, names.0, a.count - b.count) : (b, names.1, b.count - a.count)
            let next = longer[common]
            var text = "\(names.0) and \(names.1) agree on their first \(common) events; \(name) has \(extra) more.\n"
            text += "First extra event: line \(common + 1) (seq \(next.sequence)) at \(TimeText.formatExact(next.time)): \(next.kind.rawValue)\n"
            return text
        }
        let x = a[index]
        let y = b[index]
        var lines = ["\(names.0) and \(names.1) first differ at line \(index + 1) (seq \(x.sequence)), after \(index) equal events:"]
        lines.append(side("time", TimeText.formatExact(x.time), TimeText.formatExact(y.time)))
        lines.append(side("kind", x.kind.rawValue, y.kind.rawValue))
        let fieldsA = x.fields
        let fieldsB = y.fields
        var keys = (fieldsA.map(\.key) + fieldsB.map(\.key))
        keys = Array(Set(keys)).sorted()
        for key in keys {
            let valueA = fieldsA.first { $0.key == key }?.value
            let valueB = fieldsB.first { $0.key == key }?.value
            switch (valueA, valueB) {
            case (let old?, nil): lines.append("  removed  \(key): \(text(old))")
            case (nil, let new?): lines.append("  added    \(key): \(text(new))")
            case (let old?, let new?) where old != new: lines.append("  changed  \(key): \(text(old)) → \(text(new))")
            default: continue
            }
        }
        // The whole lines only when they are short enough to read; run.start's are not.
        if x.jsonLine.count <= 300 && y.jsonLine.count <= 300 {
            lines.append("  \(names.0): \(x.jsonLine)")
            lines.append("  \(names.1): \(y.jsonLine)")
        }
        if a.count != b.count { lines.append("\(names.0) has \(a.count) events, \(names.1) has \(b.count).") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func side(_ label: String, _ a: String, _ b: String) -> String {
        let padded = label.padding(toLength: 7, withPad: " ", startingAt: 0)
        return a == b ? "  \(padded)\(a) (same)" : "  \(padded)\(a) → \(b)"
    }

    private static func text(_ value: TraceValue) -> String {
        switch value {
        case .int(let number): String(number)
        case .string(let string): "\"\(QuotableText.quotable(string, limit: 120))\""
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
