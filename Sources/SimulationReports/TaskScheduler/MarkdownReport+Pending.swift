extension MarkdownReport {
    /// The requests still pending when the run ended, with why each waits, after a blank line; nothing when none is.
    func pending(_ timeline: Timeline) -> [String] {
        guard !timeline.pending.isEmpty else { return [] }
        var lines = ["", "### Still pending at the end", "", "| Request | Type | Submitted | Why it waits | Since |", "|---|---|---:|---|---:|"]
        for request in timeline.pending {
            let since = request.reason == nil ? "" : DurationText.instant(request.since)
            lines.append(
                "| `\(cell(request.identifier))` | \(request.kind.rawValue) | \(DurationText.instant(request.submitted)) | \(cell(request.why(runEnd: timeline.end))) | \(since) |")
        }
        return lines
    }
}
