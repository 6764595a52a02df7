import SimulationKernel
import SimulationModel
import Testing
@testable import SimulationExplorer

/// Each fault kind's feature says what it does; the catalog keeps the order campaign reports list it in.
@Suite struct FaultKindTests {
    @Test func theCatalogKeepsItsOrder() {
        #expect(FaultKind.allCases.map(\.rawValue) == [
            "expireTask", "expireBackgroundTime", "cancelLiveActivity", "swipeAway", "memoryPressure", "networkLoss",
            "networkReturn", "chargerUnplugged", "lowPowerMode", "resourcePressure", "returnToApp", "delayedLaunch", "reorder",
            "otherSeed", "timelineJitter", "assumedParameters", "extremeChoices", "pushDropped", "pushDelayed",
        ])
    }

    @Test func everyKindHasASummaryAndEveryTimelineKindAnAction() {
        for kind in FaultKind.allCases {
            #expect(!kind.summary.isEmpty)
        }
        let timeline = FaultKind.allCases.filter(\.isTimelineEntry)
        #expect(timeline == [
            .expireTask, .cancelLiveActivity, .swipeAway, .memoryPressure, .networkLoss, .networkReturn, .chargerUnplugged,
            .lowPowerMode, .resourcePressure, .returnToApp, .pushDropped, .pushDelayed,
        ])
        #expect(Fault(at: .zero, kind: .expireTask, identifier: "r").action == .expireTask(identifier: "r"))
        #expect(Fault(at: .zero, kind: .cancelLiveActivity).action == .cancelLiveActivity(identifier: nil))
        #expect(Fault(at: .zero, kind: .pushDelayed).action == .delayPush(by: Fault.pushDelay))
        #expect(Fault(at: .zero, kind: .networkLoss).action.name == .person(.conditions))
        #expect(FaultKind.allCases.filter(\.takesIdentifier) == [.expireTask, .cancelLiveActivity])
        #expect(FaultKind.allCases.filter(\.needsPushes) == [.pushDropped, .pushDelayed])
    }
}
