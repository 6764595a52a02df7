extension HTMLReport {
    /// The requests still pending when the run ended, with why each waits; nothing when none is.
    func pending(_ timeline: Timeline) -> String {
        let requests = timeline.pending
        guard !requests.isEmpty else { return "" }
        var html = "<section class=\"card\" id=\"pending\">\n<div class=\"card-head\"><h2>Still pending at the end</h2>"
        html += "<span class=\"aside\">\(requests.count) request\(requests.count == 1 ? "" : "s") the system never launched</span></div>\n"
        html += "<table class=\"byrule pending\"><thead><tr><th>Request</th><th>Type</th><th>Submitted</th><th>Why it waits</th><th>Since</th></tr></thead><tbody>"
        for request in requests {
            let since = request.reason == nil ? "" : DurationText.instant(request.since)
            html += "<tr><td><code>\(HTMLText.escape(request.identifier))</code></td><td>\(request.kind.rawValue)</td>"
            html += "<td>\(DurationText.instant(request.submitted))</td><td>\(HTMLText.escape(request.why(runEnd: timeline.end)))</td><td>\(since)</td></tr>"
        }
        return html + "</tbody></table>\n</section>\n"
    }
}
