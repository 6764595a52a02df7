#if BGSIM_FEATURE_DEMO
import SimulationKernel
import SimulationModel

extension Timeline.Reader {
    /// The feature demo service's records (`-DBGSIM_FEATURE_DEMO` only): a story line per sighting and release, and
    /// a counter that is 1 while a beacon holds the app.
    mutating func readDemoBeacon(_ record: DemoBeaconRecord, at time: VirtualInstant) {
        switch record {
        case .sighted(let sighted):
            let words = switch sighted.outcome {
            case .held: "keeps app #\(sighted.process ?? 0) running"
            case .foreground: "seen by the app in the foreground"
            case .missed: "missed: the app is not running in the background"
            }
            story(time, .system, "beacon \(sighted.beacon) in range: \(words)")
            if sighted.outcome == .held { countHold(1, at: time) }
        case .released(let released):
            story(time, .system, "beacon \(released.beacon) no longer holds app #\(released.process)")
            countHold(0, at: time)
        }
    }

    private mutating func countHold(_ value: Int64, at time: VirtualInstant) {
        count("demo-beacon-hold", title: "beacon hold", group: .app, unit: "", divisor: 1, value: value, at: time)
    }
}
#endif
