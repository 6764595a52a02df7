import Foundation
import SimulationKernel

/// The one command line that reruns a run exactly, as every report prints it.
package enum ReplayCommand {
    /// `bgsim run <scenario> --seed <seed>`, with `--until` when the run was cut short.
    ///
    /// - Parameters:
    ///   - scenarioPath: The scenario file as the person gave it; quoted for a POSIX shell when needed.
    ///   - seed: The seed, as decimal text.
    ///   - until: How long the run lasted, or `nil` to leave the scenario's own.
    package static func line(scenarioPath: String, seed: String, until: Duration?) -> String {
        var parts = ["bgsim", "run", shellQuoted(scenarioPath), "--seed", seed]
        if let until { parts += ["--until", TimeText.formatExact(VirtualDuration(until))] }
        return parts.joined(separator: " ")
    }

    /// `text` as one word of a POSIX shell command: unchanged when safe, in single quotes otherwise.
    package static func shellQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./+:@".unicodeScalars.contains($0))
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
