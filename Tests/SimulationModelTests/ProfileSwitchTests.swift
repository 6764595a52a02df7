import SimulationKernel
@testable import SimulationModel
import Testing

/// The profile's switches: where sources disagree, each reading is a value with its evidence, and traces name it.
@Suite struct ProfileSwitchTests {
    @Test func theDefaultsFollowTheEvidence() {
        let iOS17 = PlatformProfile(.iOS17)
        let iOS26 = PlatformProfile(.iOS26)
        // iOS 18.2's BackgroundTasks raises for a late registration; iOS 26.1's has no check.
        #expect(iOS17.registrationAfterLaunch == .raises)
        #expect(iOS26.registrationAfterLaunch == .accepted)
        // iOS 26.1 does not permit the wildcard string itself.
        #expect(iOS26.continuedWildcardRegistration == .rejected)
        #expect(iOS26.beginBackgroundTaskAfterExpiration == .invalid)
        #expect(!iOS26.lowPowerModeRefusesSubmit)
        #expect(iOS26.consolePrivateData == .shown)
    }

    @Test func switchesAreSetByNameAndNamedBack() {
        var profile = PlatformProfile(.iOS26)
        let set = profile.setChoice(.registrationAfterLaunch, to: "continuedExempt")
        #expect(set)
        #expect(profile.registrationAfterLaunch == .continuedExempt)
        #expect(profile.valueName(.registrationAfterLaunch) == "continuedExempt")
        let unknown = profile.setChoice(.registrationAfterLaunch, to: "sometimes")
        #expect(!unknown)
        #expect(profile.registrationAfterLaunch == .continuedExempt)
        profile.lowPowerModeRefusesSubmit = true
        #expect(profile.lowPowerModeRefusesSubmit)
        #expect(profile.valueName(.lowPowerModeRefusesSubmit) == "true")
        #expect(profile.valueName(.backgroundTimeBudget) == nil)
    }

    @Test func everySwitchSaysItsChoicesAndItsSource() {
        for info in PlatformProfile.parameters {
            switch info.unit {
            case .choice:
                #expect(info.choices.count >= 2, "\(info.key)")
                #expect(PlatformProfile(.iOS26).valueName(info.key).map(info.choices.contains) == true, "\(info.key)")
            case .duration, .count, .flag:
                #expect(info.choices.isEmpty, "\(info.key)")
            }
            #expect(!info.source.isEmpty && !info.meaning.isEmpty, "\(info.key)")
        }
        #expect(PlatformProfile.info(.registrationAfterLaunch).choices == ["raises", "continuedExempt", "accepted"])
        #expect(PlatformProfile.info(.continuedWildcardRegistration).choices == ["rejected", "acceptedUnmatched", "matchesComposed"])
    }

    @Test func runStartNamesSwitchesAndReadsThemBack() throws {
        var profile = PlatformProfile(.iOS26)
        profile.setChoice(.continuedWildcardRegistration, to: "matchesComposed")
        profile.lowPowerModeRefusesSubmit = true
        let record = TraceRecord.run(.start(.init(
            scenario: "s", seed: 1, profile: profile, version: "1", stopAt: VirtualInstant(nanoseconds: 5), bundleIdentifier: "b", policy: .deterministic,
            supportsBackgroundGPU: false)))
        let line = TraceEvent(time: .zero, sequence: 0, record: record).jsonLine
        #expect(line.contains(#""profile.continuedWildcardRegistration":"matchesComposed""#))
        #expect(line.contains(#""profile.lowPowerModeRefusesSubmit":true"#))
        #expect(line.contains(#""profile.registrationAfterLaunch":"accepted""#))
        let read = try TraceReader.read(Array((line + "\n").utf8))
        #expect(read.events.first?.record == record)
        let broken = line.replacingOccurrences(of: #""matchesComposed""#, with: #""sometimes""#)
        #expect(throws: (any Error).self) { try TraceReader.read(Array((broken + "\n").utf8)) }
    }
}
