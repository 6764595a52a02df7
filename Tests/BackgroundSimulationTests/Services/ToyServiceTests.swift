import BackgroundSimulation
import ScenarioFormat
@testable import SimulationModel
import SimulationKernel
import Testing

/// A service written for this test only: it keeps a census of app processes.
///
/// It shows what a new service takes: one type, and one registration line
/// (here `extraServices:`, for the standard ones `Simulation.standardServices`).
/// It hears processes start and end and the device change, reads the world
/// through the snapshot, schedules its own event, and writes to the trace.
private final class ProcessCensus: SystemService {
    unowned let system: any SystemContext
    var heard: [String] = []

    init(system: any SystemContext) {
        self.system = system
    }

    func processStarted(_ process: AppProcess) {
        heard.append("start \(process.number) \(system.snapshot.app?.state.name.rawValue ?? "?")")
        // A minute later, look at the world again: what became of that process?
        system.kernel.schedule(after: .nanoseconds(60_000_000_000)) { [self] in
            let state = system.snapshot.app?.state.name.rawValue ?? "?"
            heard.append("a minute after \(process.number): \(state)")
            system.trace(.console(ConsoleRecord(process: process.number, message: "census: \(state)")))
        }
    }

    func processEnded(_ process: AppProcess) {
        if case .terminated(let reason) = process.state { heard.append("end \(process.number) \(reason.rawValue)") }
    }

    func conditionsChanged(from old: DeviceConditions) {
        heard.append("locked \(old.locked) -> \(system.snapshot.conditions.locked)")
    }
}

@Suite struct ToyServiceTests {
    @Test func aNewServiceIsOneTypeAndOneRegistration() throws {
        let scenario = scenario(timeline: [at(1, .launch), at(10, .goHome), at(30, .lock), at(100, .unlock), at(120, .swipeAway)])
        let simulation = Simulation(scenario: scenario, extraServices: [{ ProcessCensus(system: $0) }])
        let result = simulation.run()
        let census = simulation.service(ProcessCensus.self)
        #expect(census.heard == [
            "start 1 launchingForeground",
            "locked false -> true",
            "a minute after 1: suspended",
            "locked true -> false",
            "end 1 userSwipedAway",
        ])
        let lines = result.events.compactMap { event -> String? in
            if case .console(let console) = event.record { return console.message } else { return nil }
        }
        #expect(lines == ["census: suspended"])
    }

    @Test func theStandardServicesAreAlwaysThere() {
        let simulation = Simulation(scenario: scenario(timeline: []))
        #expect(simulation.service(TaskScheduler.self).pending.isEmpty)
        _ = simulation.service(ContinuedProcessing.self)
        _ = simulation.service(SilentPush.self)
        _ = simulation.service(BackgroundTransfers.self)
        #expect(Simulation.standardServices.count == 4)
    }
}
