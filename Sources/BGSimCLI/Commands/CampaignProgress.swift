import Foundation
import SimulationExplorer

/// The progress bar of `bgsim fuzz` and `bgsim explore`: runs, failures and runs per second, on standard error.
///
/// Drawn only when standard error is a terminal (and `TERM` is not `dumb`);
/// silent otherwise, so logs and pipes get only the result. Reads the
/// wall clock, which only the tool does: simulations never see it.
final class CampaignProgress: @unchecked Sendable {
    private let console: Console
    private let enabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var drawn = false
    private let label: String

    init(console: Console, label: String, enabled: Bool = CampaignProgress.isWanted()) {
        self.console = console
        self.enabled = enabled
        self.label = label
        start = clock.now
    }

    /// Whether standard error is a terminal that can take a redrawn line.
    static func isWanted() -> Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Seconds since the start.
    var elapsed: Double {
        let duration = start.duration(to: clock.now)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func update(_ progress: Campaign.Progress) {
        guard enabled else { return }
        let width = 30
        let filled = progress.total == 0 ? width : min(width, width * progress.runs / progress.total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let rate = elapsed > 0 ? Int(Double(progress.runs) / elapsed) : 0
        console.error("\r\u{1B}[2K\(label) \(bar) \(progress.runs)/\(progress.total) runs · \(progress.failed) failed · \(rate) runs/s")
        drawn = true
    }

    /// Clears the bar, before the result is printed.
    func finish() {
        guard enabled, drawn else { return }
        console.error("\r\u{1B}[2K")
        drawn = false
    }

    /// `1,000 runs in 0.42 s (2,380 runs/s)`.
    func speed(runs: Int) -> String {
        let seconds = elapsed
        let rate = seconds > 0 ? Int(Double(runs) / seconds) : 0
        return "\(runs) runs in \(String(format: "%.2f", seconds)) s (\(rate) runs/s)"
    }
}
