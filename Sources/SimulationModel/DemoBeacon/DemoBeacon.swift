#if BGSIM_FEATURE_DEMO
import SimulationKernel

/// The feature demo's service (`-DBGSIM_FEATURE_DEMO` only): a beacon the app watches comes into range.
///
/// A sighting while the app runs in the background keeps it running for
/// `demoBeaconHold` (a hold, as the push service takes while its handler
/// runs); in the foreground nothing is needed; while the app is suspended or
/// not running the beacon is missed (BGS900). It is not a platform service:
/// it shows what a new service takes (docs/contributing.md), its action,
/// records, rule and parameter in its folder, this type, and one
/// registration per layer.
final class DemoBeacon: SystemService {
    private unowned let system: any SystemContext
    /// Sightings so far: the next one's number is one more.
    private var sightings = 0
    /// The process held for the last sighting, and the event that releases it.
    private var hold: (beacon: Int, process: AppProcess, release: EventHandle)?

    init(system: any SystemContext) {
        self.system = system
    }

    func perform(_ action: UserAction) -> ActionOutcome {
        guard case .demoBeacon(let action) = action else { return .notMine }
        switch action {
        case .sighted: sighted()
        }
        return .performed
    }

    /// The process ended: its hold goes with it.
    func processEnded(_ process: AppProcess) {
        guard let hold, hold.process === process else { return }
        system.kernel.cancel(hold.release)
        self.hold = nil
    }

    func checkInvariants() {
        if let hold { precondition(hold.process.isAlive, "DemoBeacon: a hold outlived its process") }
    }

    private func sighted() {
        sightings += 1
        let beacon = sightings
        guard let process = system.process, process.isAlive, process.state != .suspended else {
            system.trace(.demoBeacon(.sighted(DemoBeaconRecord.Sighted(beacon: beacon, outcome: .missed))))
            system.diagnose(
                Rules.demoBeaconMissed, process: system.process?.number, subject: "beacon \(beacon)",
                message: "beacon \(beacon) came into range while the app was \(system.process?.state.name.rawValue ?? "notRunning")")
            return
        }
        guard process.state == .background else {
            system.trace(.demoBeacon(.sighted(DemoBeaconRecord.Sighted(beacon: beacon, outcome: .foreground))))
            return
        }
        // A later sighting moves the release: one hold at a time.
        if let hold { system.kernel.cancel(hold.release) } else { process.holdForService() }
        system.trace(.demoBeacon(.sighted(DemoBeaconRecord.Sighted(beacon: beacon, outcome: .held, process: process.number))))
        let release = system.kernel.schedule(
            after: system.profile.demoBeaconHold, label: EventLabel("demoBeacon.release", subject: Int64(beacon))
        ) { [self] in
            hold = nil
            system.trace(.demoBeacon(.released(DemoBeaconRecord.Released(beacon: beacon, process: process.number))))
            process.releaseServiceHold()
        }
        hold = (beacon, process, release)
    }
}
#endif
