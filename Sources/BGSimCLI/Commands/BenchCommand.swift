/// `bgsim bench`: measures the kernel, the executor, whole-model runs, time acceleration and peak memory.
///
/// Text output is printed section by section as each finishes; JSON once at
/// the end. The exit code never depends on timing: targets are reported, not
/// enforced, so CI can run `--quick` on any machine.
struct BenchCommand {
    var options: BenchOptions

    func execute(console: Console) -> Int32 {
        let format = options.format
        let report = BenchSuite.run(options) { report, section in
            guard format == .text else { return }
            switch section {
            case .header: console.out(report.headerText())
            case .hold: console.out(report.holdText())
            case .executor: console.out(report.executorText())
            case .scenarios: console.out(report.scenariosText())
            case .acceleration: console.out(report.accelerationText())
            case .memory: console.out(report.memoryText())
            case .fuzz: console.out(report.fuzzText())
            case .targets: console.out(report.targetsText())
            }
        }
        if format == .json { console.out(report.json.rendered() + "\n") }
        return ExitCode.success
    }
}
