import SimulationReports

/// The files one `bgsim run` writes: the trace and the reports, opened before the run and committed together after it.
///
/// Every output is opened before the run, so that a wrong folder fails at
/// once rather than after a long run. A file not committed removes its
/// temporary file when released, on every way out of the run.
struct RunOutputFiles {
    /// The trace's file; nil when the trace goes to standard output, or nowhere.
    var trace: AtomicFile?
    /// Each report asked for: its file (nil for standard output) and how it is rendered.
    var reports: [(file: AtomicFile?, render: @Sendable (RunReport) -> String)] = []

    /// Opens the outputs that `options` name.
    init(options: RunOptions) throws(AtomicFile.WriteError) {
        let renderers: [(String?, @Sendable (RunReport) -> String)] = [
            (options.reportPath, { HTMLReport().render($0) }),
            (options.markdownPath, { MarkdownReport().render($0) }),
            (options.perfettoPath, { PerfettoTrace().render($0) }),
        ]
        trace = try options.tracePath.flatMap { path throws(AtomicFile.WriteError) in path == "-" ? nil : try AtomicFile(path: path) }
        for case (let path?, let render) in renderers {
            reports.append((path == "-" ? nil : try AtomicFile(path: path), render))
        }
    }

    /// Renders the reports (to their files, or to standard output), then finishes and commits every file: all are
    /// written before any is renamed into place, so a failure leaves every output as it was.
    func write(_ report: @autoclosure () -> RunReport, console: Console) throws(AtomicFile.WriteError) {
        if !reports.isEmpty {
            let report = report()
            for output in reports {
                let rendered = output.render(report)
                if let file = output.file { file.write(rendered) } else { console.out(rendered) }
            }
        }
        let files = (trace.map { [$0] } ?? []) + reports.compactMap(\.file)
        for file in files { try file.finish() }
        for file in files { try file.commit() }
    }
}
