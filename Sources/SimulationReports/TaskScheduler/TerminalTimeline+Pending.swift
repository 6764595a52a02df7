extension TerminalTimeline {
    /// The requests still pending when the run ended, each with why it waits: the answer to "why didn't it run?".
    package func pending(_ timeline: Timeline) -> [String] {
        var lines = [paint("Still pending at the end", "1")]
        if timeline.pending.isEmpty { lines.append("  none") }
        for request in timeline.pending {
            let since = request.reason == nil ? "" : " (since \(DurationText.instant(request.since)))"
            let text = "\(request.kind.rawValue), submitted at \(DurationText.instant(request.submitted)): \(request.why(runEnd: timeline.end))\(since)"
            lines.append("  " + paint(request.identifier, "1"))
            lines.append(TextLayout.wrap("      ", text, width: width))
        }
        return lines
    }
}
