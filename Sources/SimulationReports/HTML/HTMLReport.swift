import SimulationModel
import SimulationKernel

/// One self-contained HTML page that shows a run: header, timeline lanes in SVG, legend, diagnostics, story.
///
/// ```swift
/// let report = RunReport(result: result, summary: scenario.summary, replay: "bgsim run x.json --seed 1")
/// try AtomicFile.write(HTMLReport().render(report), to: "run.html")
/// ```
///
/// The page needs no network: styles and the small script that shows the
/// time under the pointer are inline, hover details are SVG `<title>`s, and
/// it reads fine with scripts off. It draws `Timeline.lanes` generically:
/// a new kind of lane appears without a change here. The same report always
/// gives the same bytes: no dates, no paths but the ones in the replay line,
/// and coordinates rounded through integers.
///
/// It stays usable for runs of a million events: segments narrower than a
/// pixel are merged per pixel column, crowded groups share rows, and the
/// story and diagnostic lists are cut in the middle.
public struct HTMLReport: Sendable {
    /// The width of the plot area of the lanes, in CSS pixels.
    var plotWidth: Int
    /// The most story lines listed; the rest are cut from the middle.
    var maximumStoryLines: Int
    /// The most diagnostics described one by one; all are counted by rule.
    var maximumDiagnostics: Int

    /// Creates a renderer; the defaults fit a 1280-pixel-wide window.
    public init(plotWidth: Int = 960, maximumStoryLines: Int = 400, maximumDiagnostics: Int = 100) {
        self.plotWidth = max(200, plotWidth)
        self.maximumStoryLines = max(20, maximumStoryLines)
        self.maximumDiagnostics = max(1, maximumDiagnostics)
    }

    /// Runs of more segments than this are not drawn a day a line on the page: each day would be its width in merged columns.
    static let mostSegmentsByDay = 20_000

    /// The page.
    public func render(_ report: RunReport) -> String {
        let timeline = report.timeline
        let drawing = Drawing(timeline)
        let condensed = TimeScale(condensing: timeline, rows: drawing.rows, width: Double(plotWidth))
        let linear = TimeScale(linearTo: drawing.end.nanoseconds, width: Double(plotWidth))
        // A dense run (a segment every few seconds for days) would fill every pixel column of every day: one axis suffices.
        let segments = drawing.rows.sections.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.lanes.reduce(0) { $0 + $1.segments.count } } }
        let byDay = DayWindows.applies(to: drawing.end, rows: drawing.rows.sections.reduce(0) { $0 + $1.rows.count })
            && segments <= Self.mostSegmentsByDay

        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        page += "<meta name=\"color-scheme\" content=\"light dark\"/>\n"
        page += "<meta name=\"generator\" content=\"bgsim \(HTMLText.escape(timeline.version))\"/>\n"
        page += "<title>\(HTMLText.escape(timeline.scenario)) · bgsim run report</title>\n"
        page += "<style>\n\(Self.styles)\(stateStyles(drawing))</style>\n</head>\n<body>\n"
        page += header(report)
        page += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">\(Self.definitions)</svg>\n"

        // The views of the timeline: a line a day for long runs, idle stretches condensed when that helps, linear time always.
        // The first is shown; the others are a click away (radio buttons and CSS, no script).
        let across = HTMLText.escape(DurationText.short(linear.end))
        var views: [(id: String, label: String, hint: String, html: String)] = []
        let interaction = "Hover or tap anything for details; − and + zoom, and dragging across the overview zooms to that stretch."
        if byDay {
            let bands = Self.days(timeline, drawing)
            let dayScale = TimeScale(linearTo: DayWindows.day.nanoseconds, width: Double(plotWidth))
            views.append((
                "days", "A line a day",
                "One line a day, 0h to 24h, every length to scale: the same hour of each day is at the same place. \(interaction)",
                view(id: "days", bands: bands, drawing: drawing, scale: dayScale, name: "timeline, a line a day")))
        }
        if condensed.isCondensed {
            let count = condensed.pieces.filter(\.condensed).count
            let wide = condensed.width > linear.width + 0.5 ? " The plot is wider than the window: scroll sideways." : ""
            views.append((
                "condensed", "Idle stretches condensed",
                "\(count) idle stretch\(count == 1 ? " is" : "es are") drawn narrow (faded, between dashed lines; hover for its length); everything else is to scale.\(wide) \(interaction)",
                view(id: "condensed", bands: [Self.wholeRun(drawing)], drawing: drawing, scale: condensed, name: "timeline, idle stretches condensed")))
        }
        views.append((
            "linear", "Linear time", "Linear time: \(across) across the width. \(interaction)",
            view(id: "linear", bands: [Self.wholeRun(drawing)], drawing: drawing, scale: linear, name: "timeline, linear time")))

        page += "<section class=\"card timeline\" id=\"timeline\">\n"
        for (index, view) in views.enumerated() {
            page += "<input type=\"radio\" name=\"view\" id=\"view-\(view.id)\"\(index == 0 ? " checked=\"checked\"" : "")/>"
        }
        page += "\n<div class=\"card-head\"><h2>Timeline</h2>"
        if views.count > 1 {
            page += "<div class=\"switch\" role=\"group\" aria-label=\"view\">"
            for view in views { page += "<label for=\"view-\(view.id)\">\(view.label)</label>" }
            page += "</div>"
        }
        page += "</div>\n"
        for view in views {
            page += "<div class=\"view view-\(view.id)\"><p class=\"hint\">\(view.hint)</p>\n\(view.html)</div>\n"
        }
        page += "<div class=\"details\" aria-live=\"polite\" hidden=\"hidden\"></div>\n"
        page += legend(drawing, condensed: condensed.isCondensed)
        page += "</section>\n"

        page += diagnostics(timeline.markers)
        page += pending(timeline)
        if let expectations = report.expectations { page += self.expectations(expectations, of: report) }
        page += story(timeline.entries)
        page += "<footer>Written by bgsim \(HTMLText.escape(timeline.version)) from \(report.eventCount) trace events. "
        page += "The same scenario, seed and bgsim version give this page byte for byte.</footer>\n"
        page += "<script>\n//<![CDATA[\n\(Self.script)//]]>\n</script>\n</body>\n</html>\n"
        return page
    }

    // MARK: Sections

    /// Severities in the order the header and the legend list them.
    static let mostSevereFirst = Severity.allCases.sorted(by: >)

    private func header(_ report: RunReport) -> String {
        let timeline = report.timeline
        var html = "<header class=\"card top\">\n<div class=\"brand\">bgsim run report</div>\n"
        html += "<h1>\(HTMLText.escape(timeline.scenario))"
        switch report.passed {
        case .some(true): html += " <span class=\"verdict pass\" title=\"every expectation of the scenario held\">PASS</span>"
        case .some(false): html += " <span class=\"verdict fail\" title=\"an expectation did not hold, or the run did not complete\">FAIL</span>"
        case .none: html += " <span class=\"verdict unknown\" title=\"read from a trace file, which does not record expectations\">from a trace</span>"
        }
        html += "</h1>\n"
        if let summary = report.summary { html += "<p class=\"summary\">\(HTMLText.escape(summary))</p>\n" }
        let facts: [(String, String)] = [
            ("Seed", timeline.seed), ("Profile", timeline.profile), ("Virtual time", "0s to \(DurationText.span(timeline.end - .zero))"),
            ("Ending", report.endingWords), ("Trace", "\(report.eventCount) events"), ("bgsim", timeline.version),
        ]
        html += "<dl class=\"facts\">"
        for (name, value) in facts {
            html += "<div><dt>\(name)</dt><dd>\(HTMLText.escape(value))</dd></div>"
        }
        html += "<div><dt>Fingerprint</dt><dd><code>\(HTMLText.escape(report.fingerprint))</code></dd></div></dl>\n"
        html += "<div class=\"replay\"><span>Replay</span><code>\(HTMLText.escape(report.replay))</code></div>\n"

        var counts: [String] = []
        // System notices are counted apart: what the system did, not a finding.
        for severity in Self.mostSevereFirst {
            let count = timeline.markers.filter { $0.severity == severity && !Rules.isNotice($0.rule) }.count
            if count > 0 {
                counts.append("<li class=\"count \(severity.rawValue)\"><a href=\"#diagnostics\">\(count) \(severity.rawValue)\(count == 1 ? "" : "s")</a></li>")
            }
        }
        let notices = timeline.markers.filter { Rules.isNotice($0.rule) }.count
        if notices > 0 {
            counts.append("<li class=\"count info notice\"><a href=\"#diagnostics\">\(notices) system notice\(notices == 1 ? "" : "s")</a></li>")
        }
        if timeline.markers.isEmpty { counts.append("<li class=\"count clean\">no diagnostics</li>") }
        for process in timeline.processes {
            if let termination = process.termination {
                let code = termination.reason.exceptionCode.map { " (\($0))" } ?? ""
                counts.append("<li class=\"count ended\">app #\(process.number) terminated: \(HTMLText.escape(termination.reason.rawValue + code))</li>")
            }
        }
        html += "<ul class=\"counts\">\(counts.joined())</ul>\n</header>\n"
        return html
    }

    private func legend(_ drawing: Drawing, condensed: Bool) -> String {
        var items: [String] = []
        for (index, style) in drawing.states.enumerated() {
            items.append("<li><span class=\"swatch s\(index)\"></span>\(HTMLText.escape(style.label))</li>")
        }
        for style in drawing.markKinds {
            items.append("<li><svg width=\"16\" height=\"16\" viewBox=\"-8 -8 16 16\" aria-hidden=\"true\"><use href=\"#\(style.symbol)\"/></svg>\(HTMLText.escape(style.label))</li>")
        }
        if !drawing.markers.isEmpty {
            let severities = Self.mostSevereFirst.filter { severity in drawing.markers.contains { $0.severity == severity } }
            for severity in severities {
                items.append("<li><svg width=\"14\" height=\"12\" viewBox=\"-7 -1 14 12\" aria-hidden=\"true\"><path class=\"legend-marker \(severity.rawValue)\" d=\"M-6,0h12l-6,9z\"/></svg>diagnostic (\(severity.rawValue))</li>")
            }
        }
        if condensed { items.append("<li><span class=\"swatch idle\"></span>idle stretch, drawn narrow</li>") }
        return "<ul class=\"legend\">\(items.joined())</ul>\n"
    }

    private func diagnostics(_ markers: [Timeline.Marker]) -> String {
        var html = "<section class=\"card\" id=\"diagnostics\">\n<div class=\"card-head\"><h2>Diagnostics</h2><span class=\"aside\">\(markers.count) in all</span></div>\n"
        guard !markers.isEmpty else {
            return html + "<p class=\"empty\">None: the run broke no rule bgsim checks (<code>bgsim rules</code> lists them).</p>\n</section>\n"
        }
        if markers.count > 10 {
            let rules = Timeline.Marker.countsByRule(markers)
            html += "<table class=\"byrule\"><thead><tr><th>Rule</th><th>Name</th><th>Severity</th><th>Count</th><th>First at</th></tr></thead><tbody>"
            for rule in rules {
                html += "<tr><td><code>\(HTMLText.escape(rule.rule))</code></td><td>\(HTMLText.escape(Rules.ruleName(rule.rule)))</td>"
                html += "<td class=\"\(HTMLText.identifier(rule.severity.rawValue))\">\(HTMLText.escape(Rules.severityWords(rule.rule, rule.severity)))</td>"
                    + "<td>\(rule.count)</td><td>\(DurationText.instant(rule.first))</td></tr>"
            }
            html += "</tbody></table>\n"
        }
        html += "<ol class=\"diagnostics\">\n"
        let shown = markers.count > maximumDiagnostics ? Array(markers.prefix(maximumDiagnostics)) : markers
        for (index, marker) in shown.enumerated() {
            let severity = HTMLText.identifier(marker.severity.rawValue) + (Rules.isNotice(marker.rule) ? " notice" : "")
            html += "<li class=\"diagnostic \(severity)\" id=\"d\(index + 1)\"><div class=\"dhead\"><span class=\"num\">\(index + 1)</span>"
            html += "<code class=\"rule\">\(HTMLText.escape(marker.rule))</code><span class=\"name\">\(HTMLText.escape(Rules.ruleName(marker.rule)))</span>"
            html += "<span class=\"sev\">\(HTMLText.escape(Rules.severityWords(marker.rule, marker.severity)))</span><span class=\"when\">at \(DurationText.instant(marker.time))</span></div>"
            html += "<div class=\"subject\">\(HTMLText.escape(marker.subject))</div>"
            html += "<p class=\"message\">\(HTMLText.escape(marker.message))</p>"
            html += "<p class=\"fix\"><b>Fix</b> \(HTMLText.escape(marker.fix))</p></li>\n"
        }
        html += "</ol>\n"
        if markers.count > shown.count {
            html += "<p class=\"more\">… and \(markers.count - shown.count) more, counted by rule above; the trace has them all.</p>\n"
        }
        return html + "</section>\n"
    }

    private func expectations(_ expectations: [ExpectationResult], of report: RunReport) -> String {
        var html = "<section class=\"card\" id=\"expectations\">\n<div class=\"card-head\"><h2>Expectations</h2></div>\n<ul class=\"expectations\">"
        if expectations.isEmpty { html += "<li class=\"none\">The scenario states none.</li>" }
        for expectation in expectations {
            html += "<li class=\"\(expectation.passed ? "ok" : "bad")\"><span class=\"tick\">\(expectation.passed ? "✓" : "✗")</span>\(HTMLText.escape(expectation.expectation))"
            if !expectation.passed { html += " <span class=\"actual\">got \(HTMLText.escape(expectation.actual))</span>" }
            html += "</li>"
        }
        if report.ending != .completed {
            html += "<li class=\"bad\"><span class=\"tick\">✗</span>the run did not complete: \(HTMLText.escape(report.endingWords))</li>"
        }
        return html + "</ul>\n</section>\n"
    }

    private func story(_ entries: [Timeline.Entry]) -> String {
        var html = "<section class=\"card\" id=\"story\">\n<div class=\"card-head\"><h2>Story</h2><span class=\"aside\">\(entries.count) lines</span></div>\n"
        html += "<table class=\"story\"><tbody>\n"
        let cut = entries.count > maximumStoryLines
        let head = cut ? maximumStoryLines * 3 / 4 : entries.count
        let tail = cut ? maximumStoryLines - head : 0
        // The n-th diagnostic line of the story is the n-th diagnostic: it links to its card.
        var diagnostics = 0
        for (index, entry) in entries.enumerated() {
            if case .diagnostic = entry.actor { diagnostics += 1 }
            if cut && index == head {
                html += "<tr class=\"cut\"><td colspan=\"3\">… \(entries.count - head - tail) lines left out here; <code>bgsim run … --trace FILE</code> writes them all</td></tr>\n"
            }
            if cut && index >= head && index < entries.count - tail { continue }
            // The row's class colours the line by who tells it; the app and the system share one.
            let kind = switch entry.actor {
            case .diagnostic: "diag"
            case .user: "user"
            case .device: "device"
            case .console: "console"
            case .app, .task, .scheduler, .system, .liveActivity, .bgsim: "app"
            }
            var text = HTMLText.escape(entry.text)
            if case .diagnostic = entry.actor, diagnostics <= maximumDiagnostics { text = "<a href=\"#d\(diagnostics)\">\(text)</a>" }
            html += "<tr class=\"\(kind)\"><td class=\"t\">\(DurationText.instant(entry.time))</td><td class=\"who\">\(HTMLText.escape(entry.actor.name))</td><td>\(text)</td></tr>\n"
        }
        return html + "</tbody></table>\n</section>\n"
    }

    /// The colours of the states drawn, as CSS rules for `s<n>` (fill) and `i<n>` (ink of labels on it).
    private func stateStyles(_ drawing: Drawing) -> String {
        var css = ""
        var dark = ""
        for (index, style) in drawing.states.enumerated() {
            css += ".s\(index){fill:\(style.fill);background:\(style.fill)}.i\(index){fill:\(style.ink)}\n"
            // Pale fills would glare on a dark page: they have darker twins.
            if let twin = style.dark { dark += ".s\(index){fill:\(twin.fill);background:\(twin.fill)}.i\(index){fill:\(twin.ink)}" }
        }
        if !dark.isEmpty { css += "@media (prefers-color-scheme:dark){\(dark)}\n" }
        return css
    }
}
